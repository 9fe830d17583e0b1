/**
 * `npm run build:avatar`: writes public/assets/runtimes/orliverse_rive.riv, the animated
 * avatar (docs/product.md#avatar). The character lives in app/lib/rive/avatar-design.ts, its Rive
 * objects in app/lib/rive/avatar-riv.ts and the binary format in app/lib/rive/riv-format.ts.
 * The output is deterministic; app/lib/rive/avatar-riv.test.ts checks that the committed
 * file is exactly what this produces.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildAvatarRiv } from "../lib/rive/avatar-riv";

export const AVATAR_RIV_PATH = resolve(
  dirname(fileURLToPath(import.meta.url)),
  "../../public/assets/runtimes/orliverse_rive.riv",
);

const bytes = buildAvatarRiv();
mkdirSync(dirname(AVATAR_RIV_PATH), { recursive: true });
writeFileSync(AVATAR_RIV_PATH, bytes);
console.log(`Wrote ${AVATAR_RIV_PATH} (${bytes.length} bytes)`);

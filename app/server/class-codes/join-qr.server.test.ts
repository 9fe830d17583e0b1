import jsQR from "jsqr";
import { describe, expect, test } from "vitest";
import { drawQrCode, QR_QUIET_ZONE } from "./join-qr.server";

/** Paints the path's unit squares into RGBA pixels, `scale` pixels a module, as a camera would see the SVG. */
function rasterise(drawing: { size: number; path: string }, scale = 4) {
  const width = drawing.size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, w] of drawing.path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < Number(w) * scale; dx++) {
        const offset = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        pixels.fill(0, offset, offset + 3);
      }
    }
  }
  return { pixels, width };
}

describe("drawQrCode", () => {
  test.each(["http://localhost:3000/join?code=SUNNY-4821", "https://classroom.example.org/join?code=KTRW-4827"])(
    "draws a code that decodes back to %s",
    (url) => {
      const { pixels, width } = rasterise(drawQrCode(url));
      expect(jsQR(pixels, width, width)?.data).toBe(url);
    },
  );

  test("keeps the quiet zone around the code empty", () => {
    const { size, path } = drawQrCode("https://classroom.example.org/join?code=KTRW-4827");
    const squares = [...path.matchAll(/M(\d+) (\d+)h(\d+)/g)].map(([, x, y, w]) => [Number(x), Number(y), Number(w)]);
    expect(squares.length).toBeGreaterThan(0);
    for (const [x, y, w] of squares) {
      expect(x).toBeGreaterThanOrEqual(QR_QUIET_ZONE);
      expect(y).toBeGreaterThanOrEqual(QR_QUIET_ZONE);
      expect(x + w).toBeLessThanOrEqual(size - QR_QUIET_ZONE);
      expect(y + 1).toBeLessThanOrEqual(size - QR_QUIET_ZONE);
    }
  });
});

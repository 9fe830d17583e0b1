/** The forms of /admin/schools/:schoolId/import: the zip (intent "preview") and the preview's (intent "confirm"). */
import { z } from "zod";
import { ONEROSTER_LIMITS } from "~/lib/oneroster-limits";

/** The uploaded zip carried back by the preview, base64-encoded (at most the zip's cap). */
export const ZIP_DATA_MAX = Math.ceil(ONEROSTER_LIMITS.zipBytes / 3) * 4;
const zipData = z
  .string()
  .max(ZIP_DATA_MAX)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/);

export const oneRosterImportSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("preview"),
    rosterZip: z.instanceof(File).optional(),
    zipData: zipData.optional(),
  }),
  z.object({
    intent: z.literal("confirm"),
    zipData,
    fingerprint: z.string().max(100),
  }),
]);

/** The forms of /class/:classId/students/import: the file (intent "preview") and the preview's (intent "preview" again or "confirm"). */
import { z } from "zod";
import { recordIdSchema } from "~/lib/schemas/ids";

/** A column chosen on the preview: its index, "none", or empty (matched by its header). */
const columnField = z
  .union([z.literal("none"), z.coerce.number().int().min(0).max(999)])
  .optional()
  .transform((value) => (value === "none" ? null : value));

export const columnsSchema = z
  .object({
    firstName: columnField,
    lastName: columnField,
    contactName: columnField,
    contactRelationship: columnField,
    contactEmail: columnField,
    contactPhone: columnField,
  })
  .partial()
  .default({});

/** Ticked students of the preview's "not in the file" list: one value or several. */
const removeField = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(recordIdSchema("remove")).max(5000),
);

export const importSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("preview"),
    csvFile: z.instanceof(File).optional(),
    csvText: z.string().optional(),
    columns: columnsSchema,
  }),
  z.object({
    intent: z.literal("confirm"),
    csvText: z.string(),
    fingerprint: z.string().max(100),
    columns: columnsSchema,
    remove: removeField,
  }),
]);

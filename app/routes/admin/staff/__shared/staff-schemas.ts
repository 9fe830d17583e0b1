/**
 * The staff screens' form schemas, shared by the list (`/admin/staff`), the
 * new-staff page (`/admin/staff/new`) and the edit page
 * (`/admin/staff/:staffId/edit`). Their actions parse with them; their
 * components import them as types only, so zod stays out of the browser.
 * Not a route: the `__` folder is never named in `app/routes.ts`.
 */
import { z } from "zod";
import { recordIdSchema } from "~/lib/schemas/ids";
import { singleLineText } from "~/lib/schemas/text";
import { MAX_FORM_ROWS } from "./staff-list";

const bulkRowSchema = z.object({
  name: singleLineText().max(120, "Name must be at most 120 characters").optional(),
  email: singleLineText().max(254, "E-mail must be at most 254 characters").optional(),
  role: z.enum(["teacher", "admin"]).optional(),
  school: singleLineText().max(500, "School must be at most 500 characters").optional(),
});

export const bulkCreateSchema = z.object({
  staffMembers: z
    .array(bulkRowSchema)
    .max(MAX_FORM_ROWS, `At most ${MAX_FORM_ROWS} rows; import a CSV for more`)
    .optional(),
});

/** The new-staff page's two forms, told apart by their `intent` and parsed once. */
export const newStaffSchema = z.discriminatedUnion("intent", [
  bulkCreateSchema.extend({ intent: z.literal("bulk-create") }),
  z.object({
    intent: z.literal("import-csv"),
    csvFile: z.instanceof(File).optional(),
    csvText: z.string().optional(),
  }),
]);

/** The edit page's form; whom it edits is the page's URL. */
export const editSchema = z.object({
  name: singleLineText("Enter a name").min(1, "Enter a name").max(120, "Name must be at most 120 characters"),
  role: z.enum(["admin", "teacher"], { message: "Choose a role" }),
  schoolId: singleLineText().optional(),
});

/** The list's Archive and Restore buttons. */
export const statusSchema = z.object({
  intent: z.enum(["archive", "restore"]),
  id: recordIdSchema("id"),
});

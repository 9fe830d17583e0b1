import { z } from "zod";
import { schoolPrivacySchema } from "~/lib/privacy";
import { schoolNameSchema, schoolSignInSchema } from "~/lib/schemas/admin";
import { languageChoiceField } from "~/lib/schemas/language-choice";
import { moveTeacherSchema } from "~/lib/schemas/move-teacher";
import { isTimeZone } from "~/lib/zoned-time";

export const renameSchema = z.object({ name: schoolNameSchema });
/** The school's default language for its staff: a language of the list, or "" for the reader's browser. */
export const languageSchema = z.object({
  locale: languageChoiceField,
  /** The school's time zone for scheduled surveys (issue #38): an IANA name, or "" for the deployment's. */
  timeZone: z
    .string()
    .trim()
    .refine((value) => value === "" || isTimeZone(value), {
      message: "Choose a time zone from the list, such as Europe/Berlin.",
    })
    .optional(),
});

/** The page's buttons: its forms (name, privacy, sign-in, language, move a teacher) and Archive or Restore, parsed once. */
export const schoolPageSchema = z.discriminatedUnion("intent", [
  renameSchema.extend({ intent: z.literal("rename") }),
  schoolPrivacySchema.extend({ intent: z.literal("privacy") }),
  schoolSignInSchema.extend({ intent: z.literal("sign-in") }),
  languageSchema.extend({ intent: z.literal("language") }),
  z.object({ intent: z.literal("archive") }),
  z.object({ intent: z.literal("restore") }),
  moveTeacherSchema.extend({ intent: z.literal("move-teacher") }),
]);

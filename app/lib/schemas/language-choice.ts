import { z } from "zod";
import { isLanguage } from "~/lib/i18n/languages";

/**
 * A posted language choice (the profile menu, the school form, the class's
 * students page): a language of the list, or "" (absent) for "no choice of
 * its own", the default. The domain checks it again (language-choice.server.ts).
 */
export const languageChoiceField = z
  .string()
  .refine((value) => value === "" || isLanguage(value), { message: "Choose a language from the list." })
  .optional();

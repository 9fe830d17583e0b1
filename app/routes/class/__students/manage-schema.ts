/** The buttons of /class/:classId/students/manage: parsed once by its action. */
import { z } from "zod";
import { generateClassCodeSchema, joinRulesSchema, studentSchema } from "~/lib/schemas/classroom";
import { recordIdSchema } from "~/lib/schemas/ids";
import { languageChoiceField } from "~/lib/schemas/language-choice";

const idField = recordIdSchema("id");

/** Every button of the page, parsed once: the add-student form, the class code's two, the join rules, the personal codes' and the list's. */
export const manageSchema = z.discriminatedUnion("intent", [
  studentSchema.extend({ intent: z.literal("add-student") }),
  generateClassCodeSchema.pick({ expirationHours: true }).extend({ intent: z.literal("generate-code") }),
  z.object({ intent: z.literal("stop-code") }),
  joinRulesSchema.extend({ intent: z.literal("join-rules") }),
  z.object({ intent: z.literal("make-codes") }),
  z.object({ intent: z.literal("class-language"), locale: languageChoiceField }),
  z.object({ intent: z.literal("new-code"), id: idField }),
  z.object({ intent: z.literal("remove-student"), id: idField }),
  z.object({ intent: z.literal("add-teacher"), id: idField }),
  z.object({ intent: z.literal("remove-teacher"), id: idField }),
]);

/** What a button says when something unexpected stops it. */
export const FAILURE = {
  "add-student": "Failed to add the student",
  "generate-code": "Failed to generate a class code",
  "stop-code": "Failed to stop the class code",
  "join-rules": "Failed to save how children join",
  "make-codes": "Failed to make personal codes",
  "class-language": "Failed to save the class language",
  "new-code": "Failed to make a new personal code",
  "remove-student": "Failed to update the class",
  "add-teacher": "Failed to update the class",
  "remove-teacher": "Failed to update the class",
} as const;

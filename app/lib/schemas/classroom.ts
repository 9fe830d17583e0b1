/**
 * Input rules for the class area, shared by the HTML forms (conform), the
 * JSON API and the domain. Empty form inputs arrive as undefined, so every
 * required field carries its own message.
 */
import { z } from "zod";
import { MAX_CONTACTS } from "../student-contacts";
import { studentNameText } from "../student-name";
import { recordIdSchema } from "./ids";
import { strictBody } from "./strict-body";
import { multiLineText, singleLineText } from "./text";

/** docs/product.md#class-codes: ten years, when no expiry is given. */
export const DEFAULT_CLASS_CODE_EXPIRATION_HOURS = 24 * 365 * 10;

const optionalText = (max: number, label: string, text = singleLineText) =>
  text()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : null));

export const classNameSchema = singleLineText("Enter a class name")
  .min(1, "Enter a class name")
  .max(80, "Class name must be at most 80 characters");

/** What a teacher types to create a class on a screen: its name (the school is their own). */
export const createClassFormSchema = z.object({ name: classNameSchema });

/** POST /api/classes (a JSON body: strict). */
export const createClassSchema = strictBody({
  name: classNameSchema,
  /** Platform admins name the school; everyone else creates in their own. */
  schoolId: recordIdSchema("schoolId").optional(),
  /** Admins may name the owning teacher; a teacher always owns what they create. */
  teacherId: recordIdSchema("teacherId").optional(),
});
export type CreateClassInput = z.infer<typeof createClassSchema>;

/** PUT /api/classes/{id} (a JSON body: strict, so `status` or any other key is refused, not ignored). */
export const updateClassSchema = strictBody({ name: classNameSchema });
export type UpdateClassInput = z.infer<typeof updateClassSchema>;

export const contactSchema = z.object({
  name: singleLineText("Enter the contact's name")
    .min(1, "Enter the contact's name")
    .max(120, "Name must be at most 120 characters"),
  relationship: optionalText(60, "Relationship"),
  email: z
    .preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      singleLineText()
        .max(200, "E-mail must be at most 200 characters")
        .pipe(z.email({ message: "Enter an e-mail address like name@example.org" }))
        .optional(),
    )
    .transform((value) => value ?? null),
  phonePrimary: optionalText(40, "Phone"),
  phoneSecondary: optionalText(40, "Second phone"),
  notes: optionalText(1000, "Notes", multiLineText),
});
export type ContactInput = z.infer<typeof contactSchema>;

export { MAX_CONTACTS };

export const studentSchema = z.object({
  firstName: studentNameText("Enter a first name")
    .min(1, "Enter a first name")
    .max(80, "First name must be at most 80 characters"),
  lastName: studentNameText("Enter a last name")
    .min(1, "Enter a last name")
    .max(80, "Last name must be at most 80 characters"),
  contacts: z.array(contactSchema).max(MAX_CONTACTS, `At most ${MAX_CONTACTS} contacts`).default([]),
});
export type StudentInput = z.infer<typeof studentSchema>;

export const generateClassCodeSchema = z.object({
  classId: recordIdSchema("classId", "classId must be a class id"),
  expirationHours: z.coerce
    .number({ message: "Expiry must be a number of hours" })
    .int("Expiry must be a whole number of hours")
    .min(1, "Expiry must be at least 1 hour")
    .max(DEFAULT_CLASS_CODE_EXPIRATION_HOURS, "Expiry can be at most 87600 hours (ten years)")
    .optional()
    .transform((value) => value ?? DEFAULT_CLASS_CODE_EXPIRATION_HOURS),
});
export type GenerateClassCodeInput = z.input<typeof generateClassCodeSchema>;

/**
 * How children join a class (docs/product.md#student-identity). The lists
 * mirror JOIN_MODES and NEW_NAMES_RULES of the database schema (checked at
 * compile time in app/server/classes/join-rules.server.ts): app/lib does not
 * import server code.
 */
export const JOIN_MODE_CHOICES = ["name", "personal-code"] as const;
export const NEW_NAMES_CHOICES = ["allow", "hold", "refuse"] as const;

export const joinRulesSchema = z.object({
  joinMode: z.enum(JOIN_MODE_CHOICES, { message: "Choose how children join" }),
  newNames: z.enum(NEW_NAMES_CHOICES, { message: "Choose what happens to names not on the list" }),
});
export type JoinRulesInput = z.infer<typeof joinRulesSchema>;

/** POST /api/classCodes/stop (a JSON body: strict). */
export const stopClassCodeSchema = strictBody({
  classId: recordIdSchema("classId", "classId must be a class id"),
});

/** docs/product.md#assignment-status: 'completed' closes the survey; any other value starts it. */
export const assignmentStatusSchema = strictBody({
  status: singleLineText("status is required").min(1, "status is required").max(40),
});

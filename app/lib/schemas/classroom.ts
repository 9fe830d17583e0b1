/**
 * Input rules for the class area, shared by the HTML forms (conform), the
 * JSON API and the domain. Empty form inputs arrive as undefined, so every
 * required field carries its own message.
 */
import { z } from "zod";
import { MAX_CONTACTS } from "../student-contacts";
import { MAX_RECORD_ID } from "./ids";

/** SPEC.md §9: ten years, when no expiry is given. */
export const DEFAULT_CLASS_CODE_EXPIRATION_HOURS = 24 * 365 * 10;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : null));

export const classNameSchema = z
  .string({ message: "Enter a class name" })
  .trim()
  .min(1, "Enter a class name")
  .max(80, "Class name must be at most 80 characters");

export const createClassSchema = z.object({
  name: classNameSchema,
  /** Platform admins name the school; everyone else creates in their own. */
  schoolId: z.coerce.number().int().positive().max(MAX_RECORD_ID).optional(),
  /** Admins may name the owning teacher; a teacher always owns what they create. */
  teacherId: z.coerce.number().int().positive().max(MAX_RECORD_ID).optional(),
});
export type CreateClassInput = z.infer<typeof createClassSchema>;

export const updateClassSchema = z.object({ name: classNameSchema });
export type UpdateClassInput = z.infer<typeof updateClassSchema>;

export const contactSchema = z.object({
  name: z
    .string({ message: "Enter the contact's name" })
    .trim()
    .min(1, "Enter the contact's name")
    .max(120, "Name must be at most 120 characters"),
  relationship: optionalText(60, "Relationship"),
  email: z
    .preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z
        .email({ message: "Enter an e-mail address like name@example.org" })
        .max(200, "E-mail must be at most 200 characters")
        .optional(),
    )
    .transform((value) => value ?? null),
  phonePrimary: optionalText(40, "Phone"),
  phoneSecondary: optionalText(40, "Second phone"),
  notes: optionalText(1000, "Notes"),
});
export type ContactInput = z.infer<typeof contactSchema>;

export { MAX_CONTACTS };

export const studentSchema = z.object({
  firstName: z
    .string({ message: "Enter a first name" })
    .trim()
    .min(1, "Enter a first name")
    .max(80, "First name must be at most 80 characters"),
  lastName: z
    .string({ message: "Enter a last name" })
    .trim()
    .min(1, "Enter a last name")
    .max(80, "Last name must be at most 80 characters"),
  contacts: z.array(contactSchema).max(MAX_CONTACTS, `At most ${MAX_CONTACTS} contacts`).default([]),
});
export type StudentInput = z.infer<typeof studentSchema>;

export const generateClassCodeSchema = z.object({
  classId: z.coerce
    .number({ message: "classId must be a class id" })
    .int()
    .positive()
    .max(MAX_RECORD_ID, "classId must be a class id"),
  expirationHours: z.coerce
    .number({ message: "Expiry must be a number of hours" })
    .int("Expiry must be a whole number of hours")
    .min(1, "Expiry must be at least 1 hour")
    .max(DEFAULT_CLASS_CODE_EXPIRATION_HOURS, "Expiry can be at most 87600 hours (ten years)")
    .optional()
    .transform((value) => value ?? DEFAULT_CLASS_CODE_EXPIRATION_HOURS),
});
export type GenerateClassCodeInput = z.input<typeof generateClassCodeSchema>;

export const stopClassCodeSchema = z.object({
  classId: z.coerce
    .number({ message: "classId must be a class id" })
    .int()
    .positive()
    .max(MAX_RECORD_ID, "classId must be a class id"),
});

/** SPEC.md §4: 'completed' closes the survey; any other value starts it. */
export const assignmentStatusSchema = z.object({
  status: z.string({ message: "status is required" }).trim().min(1, "status is required").max(40),
});

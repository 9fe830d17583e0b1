import { z } from "zod";

/** Privacy texts and limits shared by server and screens (docs/product.md#results-and-anonymity). */

/** Default small-group threshold, and the lowest a school may set. */
export const DEFAULT_MIN_GROUP_SIZE = 5;
export const MIN_GROUP_SIZE_FLOOR = 3;

export { groupProtectionMessage } from "./privacy-texts";

/** A school's privacy settings, edited on the admin school screen. */
export const schoolPrivacySchema = z.object({
  retentionMonths: z.coerce
    .number({ error: "Enter a number of months" })
    .int("Enter a whole number of months")
    .min(1, "Keep responses for at least 1 month")
    .max(120, "Keep responses for at most 120 months (ten years)"),
  minGroupSize: z.coerce
    .number({ error: "Enter a number of students" })
    .int("Enter a whole number of students")
    .min(MIN_GROUP_SIZE_FLOOR, `The smallest group that may see anonymous answers is ${MIN_GROUP_SIZE_FLOOR}`)
    .max(100, "At most 100 students"),
});
export type SchoolPrivacyInput = z.infer<typeof schoolPrivacySchema>;

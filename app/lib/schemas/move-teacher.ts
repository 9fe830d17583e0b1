/** The platform admin's move of a self-signed-up teacher into a real school (ADR 213). */
import { z } from "zod";
import { recordIdSchema } from "./ids";

export const moveTeacherSchema = z.object({
  userId: recordIdSchema("userId", "Choose the teacher to move"),
  schoolId: recordIdSchema("schoolId", "Choose the school to move the teacher into"),
});

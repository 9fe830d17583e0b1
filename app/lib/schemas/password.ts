import { z } from "zod";
import { untrimmedText } from "./text";

/** docs/product.md#change-password: minimum new password length. */
export const MIN_PASSWORD_LENGTH = 8;

/** docs/product.md#change-password: a new password's rules, with their exact messages. */
export const newPasswordSchema = untrimmedText("Password must be at least 8 characters")
  .min(MIN_PASSWORD_LENGTH, "Password must be at least 8 characters")
  .max(200, "Password must be at most 200 characters")
  .regex(
    /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/,
    "Password must contain at least one lowercase letter, one uppercase letter, and one number",
  );

/** docs/product.md#change-password: the change-password form. */
export const changePasswordSchema = z
  .object({
    currentPassword: untrimmedText("Current password is required").min(1, "Current password is required"),
    newPassword: newPasswordSchema,
    confirmPassword: untrimmedText("Please confirm your password").min(1, "Please confirm your password"),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

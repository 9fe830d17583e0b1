import { z } from "zod";
import { newPasswordSchema } from "./password";
import { singleLineText, untrimmedText } from "./text";

const email = singleLineText("Enter your e-mail address")
  .max(254, "That e-mail address is too long")
  .pipe(z.email({ message: "Enter a valid e-mail address" }));

export { HONEYPOT_FIELD } from "../honeypot";

export const signInSchema = z.object({
  email,
  password: untrimmedText("Enter your password").min(1, "Enter your password").max(200),
  /** Checked where it is used (safeRedirectPath): anything that is not a same-site path falls back. */
  redirectTo: z.string().optional(),
});

export const signUpSchema = z
  .object({
    name: singleLineText("Enter your name").min(1, "Enter your name").max(120, "Keep your name under 120 characters"),
    email,
    password: newPasswordSchema,
    confirmPassword: untrimmedText("Please confirm your password").min(1, "Please confirm your password"),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: untrimmedText("This reset link is not valid.").min(1, "This reset link is not valid.").max(200),
    newPassword: newPasswordSchema,
    confirmPassword: untrimmedText("Please confirm your password").min(1, "Please confirm your password"),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

export const updateUserSchema = z.object({
  name: singleLineText().min(1, "Enter your name").max(120, "Keep your name under 120 characters").optional(),
  image: singleLineText()
    .max(2000, "Image must be at most 2000 characters")
    .pipe(z.url({ protocol: /^https?$/, message: "Image must be an http or https URL" }))
    .nullable()
    .optional(),
});

export const deleteUserSchema = z.object({
  password: untrimmedText("Enter your password to confirm").min(1, "Enter your password to confirm"),
});

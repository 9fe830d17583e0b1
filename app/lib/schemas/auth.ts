import { z } from "zod";
import { newPasswordSchema } from "./password";

const email = z
  .string({ message: "Enter your e-mail address" })
  .trim()
  .max(254, "That e-mail address is too long")
  .pipe(z.email({ message: "Enter a valid e-mail address" }));

export { HONEYPOT_FIELD } from "../honeypot";

export const signInSchema = z.object({
  email,
  password: z.string({ message: "Enter your password" }).min(1, "Enter your password").max(200),
  redirectTo: z.string().optional(),
});

export const signUpSchema = z
  .object({
    name: z
      .string({ message: "Enter your name" })
      .trim()
      .min(1, "Enter your name")
      .max(120, "Keep your name under 120 characters"),
    email,
    password: newPasswordSchema,
    confirmPassword: z.string({ message: "Please confirm your password" }).min(1, "Please confirm your password"),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string({ message: "This reset link is not valid." }).min(1, "This reset link is not valid."),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ message: "Please confirm your password" }).min(1, "Please confirm your password"),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

export const updateUserSchema = z.object({
  name: z.string().trim().min(1, "Enter your name").max(120, "Keep your name under 120 characters").optional(),
  image: z.url({ message: "Image must be a URL" }).max(2000).nullable().optional(),
});

export const deleteUserSchema = z.object({
  password: z.string({ message: "Enter your password to confirm" }).min(1, "Enter your password to confirm"),
});

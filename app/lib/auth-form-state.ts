/**
 * The auth form's state (docs/product.md#sign-in-and-sign-up). It starts as `login` or as the state
 * the caller gives; resetting clears email, password and confirmPassword.
 */
export type AuthMode = "login" | "signup";

export interface AuthFormState {
  state: AuthMode;
  email: string;
  password: string;
  confirmPassword: string;
}

export function initialAuthFormState(initialState: AuthMode = "login"): AuthFormState {
  return { state: initialState, email: "", password: "", confirmPassword: "" };
}

export function resetAuthForm(form: AuthFormState): AuthFormState {
  return { ...form, email: "", password: "", confirmPassword: "" };
}

/** Switching between sign-in and sign-up starts from a clean form. */
export function switchAuthMode(form: AuthFormState, state: AuthMode): AuthFormState {
  return resetAuthForm({ ...form, state });
}

import type { SubmissionResult } from "@conform-to/react";
import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { TextLink } from "~/components/ui/kit-controls";
import { type AuthMode, initialAuthFormState, switchAuthMode } from "~/lib/auth-form-state";
import { useFormReply } from "~/lib/form-reply";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { Field, fieldProps, Honeypot, PasswordField, SubmitButton } from "../forms";
import { AuthCard } from "./auth-card";

interface AuthScreenProps {
  /** Starts as login unless the caller says otherwise (docs/product.md#sign-in-and-sign-up). */
  initialState?: AuthMode;
  lastResult?: SubmissionResult<string[]> | null;
  redirectTo?: string | null;
  /** Sign-up through a school's invitation link: the account joins that school (ADR 214). */
  invitation?: { token: string; schoolName: string } | null;
  /** The school sign-in providers configured (ADR 210): one button each, on the sign-in screen. */
  providers?: readonly { id: string; name: string }[];
}

/**
 * Sign-in and sign-up in one screen. No client-side checks on e-mail or
 * passwords (docs/product.md#validation-messages): the server answers with field errors, which
 * useFormReply puts on the fields.
 */
export function AuthScreen({
  initialState = "login",
  lastResult,
  redirectTo,
  invitation,
  providers = [],
}: AuthScreenProps) {
  const { t } = useTranslation("staff");
  const [formState, setFormState] = useState(() => initialAuthFormState(initialState));
  const mode = formState.state;
  const navigation = useNavigation();
  // Switching between sign-in and sign-up starts from a clean form: the last reply no longer shows.
  const [dismissed, setDismissed] = useState<AuthScreenProps["lastResult"]>(null);
  const { form, field } = useFormReply(
    `auth-${mode}`,
    navigation.state === "idle" && lastResult !== dismissed ? lastResult : null,
  );
  // A failed attempt keeps the e-mail but never the password, with or without JavaScript:
  // a new key remounts the password inputs empty.
  const [failedAttempts, setFailedAttempts] = useState(0);
  useEffect(() => {
    if (lastResult?.status === "error") setFailedAttempts((count) => count + 1);
  }, [lastResult]);
  const otherMode: AuthMode = mode === "login" ? "signup" : "login";
  const switchTo = (event: React.MouseEvent) => {
    // With JavaScript the screen switches in place from a clean form; without it, the link navigates.
    event.preventDefault();
    setFormState((state) => switchAuthMode(state, otherMode));
    setDismissed(lastResult);
    window.history.replaceState(window.history.state, "", otherMode === "login" ? "/login" : "/signup");
  };

  const signUpAction = invitation ? `/signup?invite=${encodeURIComponent(invitation.token)}` : "/signup";
  return (
    <AuthCard
      title={
        mode === "login"
          ? t("Sign in")
          : invitation
            ? t("Join {school}", { school: invitation.schoolName })
            : t("Create your teacher account")
      }
      description={
        mode === "login"
          ? t("Welcome back. Sign in to see your classes.")
          : invitation
            ? t("You were invited to join {school} as a teacher. Create your account to start.", {
                school: invitation.schoolName,
              })
            : t("Set up your classes and surveys in a few minutes.")
      }
    >
      <Form method="post" action={mode === "login" ? "/login" : signUpAction} {...form.props} ref={form.ref} key={mode}>
        <Flex direction="column" gap="4">
          {form.errors?.length ? (
            <Callout.Root color="red" role="alert" id={form.errorId}>
              <Callout.Text>{form.errors.map((error) => t(error)).join(" ")}</Callout.Text>
            </Callout.Root>
          ) : null}
          <Honeypot name={HONEYPOT_FIELD} />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          {mode === "signup" ? (
            <Field label={t("Full name")} {...fieldProps(field("name"))} autoComplete="name" />
          ) : null}
          <Field label={t("E-mail")} {...fieldProps(field("email"))} type="email" autoComplete="email" />
          <PasswordField
            key={`password-${failedAttempts}`}
            label={t("Password")}
            {...fieldProps(field("password"))}
            autoComplete={mode === "login" ? "current-password" : "new-password"}
            hint={mode === "signup" ? t("At least 8 characters, with uppercase, lowercase and a number.") : undefined}
          />
          {mode === "signup" ? (
            <PasswordField
              key={`confirm-${failedAttempts}`}
              label={t("Confirm password")}
              {...fieldProps(field("confirmPassword"))}
              autoComplete="new-password"
            />
          ) : null}
          <SubmitButton
            label={mode === "login" ? t("Sign in") : t("Create account")}
            pendingLabel={mode === "login" ? t("Signing in...") : t("Creating account...")}
          />
          {mode === "login" ? (
            <Text size="2" align="center">
              <TextLink to="/forgot-password">{t("Forgot your password?")}</TextLink>
            </Text>
          ) : null}
          <Text size="2" align="center" color="gray">
            {mode === "login" ? t("New to Orliverse Classroom?") : t("Already have an account?")}{" "}
            <TextLink to={otherMode === "login" ? "/login" : "/signup"} onClick={switchTo} underline="always">
              {otherMode === "login" ? t("Sign in") : t("Create an account")}
            </TextLink>
          </Text>
        </Flex>
      </Form>
      {mode === "login" && providers.length > 0 ? (
        <ProviderButtons providers={providers} redirectTo={redirectTo} />
      ) : null}
    </AuthCard>
  );
}

/**
 * "Sign in with Google" and the like: each a plain form post to our own
 * /auth/oidc/<id>, which redirects to the provider. A document post (not
 * React Router's fetch), so the flow is the same with JavaScript on and off.
 */
function ProviderButtons({
  providers,
  redirectTo,
}: {
  providers: readonly { id: string; name: string }[];
  redirectTo?: string | null;
}) {
  const { t } = useTranslation("staff");
  return (
    <Flex direction="column" gap="3" role="group" aria-labelledby="school-sign-in">
      <Text size="2" color="gray" align="center" id="school-sign-in">
        {t("Or sign in with your school account")}
      </Text>
      {providers.map((provider) => (
        <form key={provider.id} method="post" action={`/auth/oidc/${provider.id}`}>
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <Button type="submit" size="3" variant="outline" style={{ width: "100%" }}>
            {t("Sign in with {provider}", { provider: provider.name })}
          </Button>
        </form>
      ))}
    </Flex>
  );
}

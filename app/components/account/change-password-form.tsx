import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Button, Callout, Flex } from "@radix-ui/themes";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { PASSWORD_PAGE, passwordPageHref } from "~/lib/account-links";
import type { changePasswordSchema } from "~/lib/schemas/password";
import { fieldProps, PasswordField } from "../forms";

type FormComponent = typeof Form;

interface ChangePasswordFormProps {
  lastResult?: SubmissionResult<string[]> | null;
  /** The dialog passes its fetcher's Form; the page uses the router's Form. */
  FormComponent?: FormComponent;
  /** True while the dialog's fetcher is busy; the page reads the navigation. */
  busy?: boolean;
  onCancel?: () => void;
  cancelHref?: string;
  redirectTo?: string;
  mode?: "dialog" | "page";
}

/**
 * docs/product.md#change-password-dialog and #change-password: Current Password, New Password, Confirm New Password,
 * each with a show/hide toggle; Cancel and Change Password, the latter
 * reading 'Changing...' while busy, with both buttons disabled. The server
 * checks those rules and answers with field errors (ADR 141).
 */
export function ChangePasswordForm({
  lastResult,
  FormComponent = Form,
  busy: busyProp,
  onCancel,
  cancelHref = "/",
  redirectTo,
  mode = "page",
}: ChangePasswordFormProps) {
  const navigation = useNavigation();
  const { t } = useTranslation("staff");
  const busy = busyProp ?? (navigation.state === "submitting" && navigation.formAction?.startsWith(PASSWORD_PAGE));
  const [shown, setShown] = useState({ currentPassword: false, newPassword: false, confirmPassword: false });
  const [form, fields] = useForm<z.input<typeof changePasswordSchema>>({
    id: `change-password-${mode}`,
    lastResult,
  });
  const toggle = (name: keyof typeof shown) => () => setShown((value) => ({ ...value, [name]: !value[name] }));

  return (
    // The page posts to its own address, query included, so a refused change shows the page again
    // with the same redirectTo: Cancel and the next try still lead back to where the user came from.
    <FormComponent
      method="post"
      action={mode === "page" && redirectTo ? passwordPageHref(redirectTo) : PASSWORD_PAGE}
      {...getFormProps(form)}
    >
      <Flex direction="column" gap="3">
        {form.errors?.length ? (
          <Callout.Root color="red" role="alert" id={form.errorId}>
            <Callout.Text>{form.errors.map((error) => t(error)).join(" ")}</Callout.Text>
          </Callout.Root>
        ) : null}
        {mode === "dialog" ? <input type="hidden" name="mode" value="dialog" /> : null}
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <PasswordField
          label={t("Current Password")}
          {...fieldProps(fields.currentPassword)}
          autoComplete="current-password"
          shown={shown.currentPassword}
          onToggle={toggle("currentPassword")}
        />
        <PasswordField
          label={t("New Password")}
          {...fieldProps(fields.newPassword)}
          autoComplete="new-password"
          shown={shown.newPassword}
          onToggle={toggle("newPassword")}
        />
        <PasswordField
          label={t("Confirm New Password")}
          {...fieldProps(fields.confirmPassword)}
          autoComplete="new-password"
          shown={shown.confirmPassword}
          onToggle={toggle("confirmPassword")}
        />
        <Flex gap="3" justify="end" mt="2" wrap="wrap">
          {onCancel ? (
            <Button type="button" variant="soft" color="gray" onClick={onCancel} disabled={busy}>
              {t("Cancel")}
            </Button>
          ) : (
            <Button asChild variant="soft" color="gray" disabled={busy}>
              <Link to={cancelHref}>{t("Cancel")}</Link>
            </Button>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? t("Changing...") : t("Change Password")}
          </Button>
        </Flex>
      </Flex>
    </FormComponent>
  );
}

import { type SubmissionResult, useForm } from "@conform-to/react";
import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, fieldProps } from "~/components/forms";
import { FormCard } from "~/components/ui/form-card";

/**
 * How the school's staff sign in (ADR 211): the school's Google Workspace
 * domain and Microsoft tenant id tie first sign-ins to it, and "Require
 * sign-in through the school's provider" refuses passwords for its staff.
 */
export function SchoolSignInCard({
  signIn,
  providers,
  lastResult,
}: {
  signIn: { googleDomain: string | null; microsoftTenantId: string | null; requireProviderSignIn: boolean };
  providers: { id: string; name: string }[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("staff");
  const [form, fields] = useForm<{ googleDomain: string; microsoftTenantId: string; requireProviderSignIn: string }>({
    id: "school-sign-in",
    lastResult,
    defaultValue: {
      googleDomain: signIn.googleDomain ?? "",
      microsoftTenantId: signIn.microsoftTenantId ?? "",
      requireProviderSignIn: signIn.requireProviderSignIn ? "on" : "",
    },
  });
  const requireErrors = fields.requireProviderSignIn.errors;
  const requireErrorId = requireErrors?.length ? `${fields.requireProviderSignIn.id}-error` : undefined;
  const configured = (id: string) => providers.some((p) => p.id === id);
  const generic = providers.find((p) => p.id === "oidc");
  return (
    <FormCard
      id="school-sign-in"
      intent="sign-in"
      title={t("Staff sign-in")}
      form={form}
      submitLabel={t("Save sign-in settings")}
      description={
        <>
          <Text size="2" color="gray">
            {t(
              "Staff whose school account is in this domain or tenant can sign in with it, once an admin has added them here with the same e-mail.",
            )}
          </Text>
          {generic ? (
            <Text size="2" color="gray">
              {t(
                "Staff can also sign in with {name}, this server's own sign-in, with the same e-mail as here. It needs no domain or tenant: it alone is enough to require.",
                { name: generic.name },
              )}
            </Text>
          ) : null}
        </>
      }
    >
      <Field
        label={t("Google Workspace domain")}
        {...fieldProps(fields.googleDomain)}
        autoComplete="off"
        hint={
          configured("google")
            ? t("Such as school.example.org. Empty: no Google sign-in for this school.")
            : t("Such as school.example.org. Google sign-in is not set up on this server yet.")
        }
      />
      <Field
        label={t("Microsoft tenant id")}
        {...fieldProps(fields.microsoftTenantId)}
        autoComplete="off"
        hint={
          configured("microsoft")
            ? t("The Directory (tenant) ID from Microsoft Entra. Empty: no Microsoft sign-in for this school.")
            : t("The Directory (tenant) ID from Microsoft Entra. Microsoft sign-in is not set up on this server yet.")
        }
      />
      <Flex direction="column" gap="1">
        <Text as="label" size="2">
          <Flex as="span" gap="2" align="center">
            <input
              type="checkbox"
              name="requireProviderSignIn"
              id={fields.requireProviderSignIn.id}
              defaultChecked={signIn.requireProviderSignIn}
              aria-invalid={requireErrorId ? true : undefined}
              aria-describedby={requireErrorId}
            />
            {t("Require sign-in through the school's provider")}
          </Flex>
        </Text>
        <Text size="1" color="gray">
          {t(
            "Staff can then no longer sign in or reset their password with a password. The platform admin keeps a password.",
          )}
        </Text>
        <Text size="1" color="gray">
          {t(
            "That includes you. Before you tick it, sign out and sign in once through the school's provider to check that it works. Saving it ends every password sign-in of the school's staff.",
          )}
        </Text>
        <ErrorList id={requireErrorId} errors={requireErrors} />
      </Flex>
    </FormCard>
  );
}

import { Callout, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { TextLink } from "~/components/ui/kit-controls";
import type { ProviderProblemKind } from "~/lib/provider-problem";
import { AuthCard } from "./auth-card";

export type { ProviderProblemKind };

export interface ProviderProblemProps {
  kind: ProviderProblemKind;
  /** The provider's name on its button: Google, Microsoft, or the deployment's own. */
  providerName: string;
  /** Our rules' own message (who to ask), for the kinds our rules decide. */
  message?: string | null;
}

function problemText(
  kind: ProviderProblemKind,
  name: string,
  t: (key: string, values?: Record<string, unknown>) => string,
): { title: string; text: string } {
  switch (kind) {
    case "expired":
      return {
        title: t("Please start again"),
        text: t(
          "This sign-in took too long, or was started in another window. Go back to the sign-in page and try again.",
        ),
      };
    case "mismatch":
      return {
        title: t("This sign-in could not be checked"),
        text: t(
          "We could not check that this sign-in was started here, or its link was already used, so we stopped it to keep your account safe. Go back to the sign-in page and try again.",
        ),
      };
    case "cancelled":
      return {
        title: t("Sign-in cancelled"),
        text: t(
          "The sign-in at {name} was cancelled, so you are not signed in. If you did not cancel it, your school's {name} admin may not allow Orliverse Classroom yet: in Google's Admin console under Security › API controls › App access control, or in Microsoft Entra under Enterprise applications.",
          { name },
        ),
      };
    case "not-trusted":
      return {
        title: t("Your school has not allowed this app yet"),
        text: t(
          "Your school's Google Workspace admin must first trust Orliverse Classroom. Ask them to open the Google Admin console, go to Security › Access and data control › API controls › Manage third-party app access, and mark Orliverse Classroom as Trusted. Then try again.",
        ),
      };
    case "consent":
      return {
        title: t("Your school's admin must allow this app"),
        text: t(
          "Microsoft asks an administrator of your school to allow Orliverse Classroom first. Ask your school's Microsoft 365 admin to grant admin consent for the app in the Microsoft Entra admin center (Enterprise applications › Orliverse Classroom › Permissions). Then try again.",
        ),
      };
    case "unreachable":
      return {
        title: t("We could not reach {name}", { name }),
        text: t("Please try again in a few minutes. If it keeps happening, ask your school's admin."),
      };
    case "too-many":
      return { title: t("Too many sign-in attempts"), text: t("Please wait a few minutes and try again.") };
    case "wrong-school":
      return { title: t("This account is not from your school"), text: "" };
    case "unverified":
    case "unknown":
    case "no-email":
      return { title: t("Ask your school's admin"), text: "" };
    default:
      return {
        title: t("Sign-in did not work"),
        text: t(
          "{name} sent an answer we could not use. Please try again. If it keeps happening, ask your school's admin.",
          { name },
        ),
      };
  }
}

/** The plain page a provider sign-in that signed nobody in shows. */
export function ProviderProblem({ kind, providerName, message }: ProviderProblemProps) {
  const { t } = useTranslation("staff");
  const { title, text } = problemText(kind, providerName, t);
  return (
    <AuthCard title={title}>
      <Flex direction="column" gap="4">
        <Callout.Root color="amber" role="alert">
          <Callout.Text>{message || text}</Callout.Text>
        </Callout.Root>
        <Text size="2">
          <TextLink to="/login" reloadDocument underline="always">
            {t("Back to sign in")}
          </TextLink>
        </Text>
      </Flex>
    </AuthCard>
  );
}

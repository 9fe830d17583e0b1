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
  /** google, microsoft or oidc (the deployment's own): which admin console a page may name. */
  providerId?: string;
  /** Our rules' own message (who to ask), for the kinds our rules decide. */
  message?: string | null;
}

type T = (key: string, values?: Record<string, unknown>) => string;

/** Where a school's admin lets the app in, for this provider only (never another's console). */
function cancelledText(providerId: string | undefined, name: string, t: T): string {
  if (providerId === "google") {
    return t(
      "The sign-in at Google was cancelled, so you are not signed in. If you did not cancel it, your school's Google Workspace admin may not allow Orliverse Classroom yet: in the Google Admin console under Security › API controls › App access control.",
    );
  }
  if (providerId === "microsoft") {
    return t(
      "The sign-in at Microsoft was cancelled, so you are not signed in. If you did not cancel it, your school's Microsoft 365 admin may not allow Orliverse Classroom yet: in Microsoft Entra under Enterprise applications.",
    );
  }
  return t(
    "The sign-in at {name} was cancelled, so you are not signed in. If you did not cancel it, ask whoever runs {name} at your school whether Orliverse Classroom is allowed.",
    { name },
  );
}

/** The page's title and sentence for a kind of problem, in the reader's language (the loader says it too). */
export function problemText(kind: ProviderProblemKind, name: string, providerId: string | undefined, t: T) {
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
      return { title: t("Sign-in cancelled"), text: cancelledText(providerId, name, t) };
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
    case "misconfigured":
      return {
        title: t("Sign-in with {name} is not set up correctly", { name }),
        text: t(
          "{name} refused to sign you in to Orliverse Classroom because the connection between them is not set up correctly. Trying again will not help: tell whoever runs Orliverse Classroom for your school.",
          { name },
        ),
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
export function ProviderProblem({ kind, providerName, providerId, message }: ProviderProblemProps) {
  const { t } = useTranslation("staff");
  const { title, text } = problemText(kind, providerName, providerId, t);
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

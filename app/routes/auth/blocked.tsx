import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { metaTranslator } from "~/lib/i18n/meta";
import type { PlainPageHandle } from "~/lib/plain-page";
import { isBlocked } from "~/server/auth/current-user.server";
import { getOptionalUser } from "~/server/auth/guards.server";
import { redirect } from "~/server/redirects.server";
import type { Route } from "./+types/blocked";

/** A public sign-in page: served without the client bundle, with the plain script (ADR 170). */
export const handle: PlainPageHandle = { plainPage: true };

/** For an archived user or a user of an archived school. Needs a signed-in user. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  if (!user) throw redirect("/login");
  if (!isBlocked(user)) throw redirect("/");
  return {
    reason: user.status === "archived" ? ("account" as const) : ("school" as const),
    schoolName: user.school?.name ?? null,
  };
}

export default function Blocked({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  return (
    <AuthCard title={t("Your access is paused")}>
      <Flex direction="column" gap="4">
        <Callout.Root color="amber">
          <Callout.Text>
            {loaderData.reason === "account"
              ? t("Your account has been archived by your school's administrator.")
              : loaderData.schoolName
                ? t("{school} has been archived.", { school: loaderData.schoolName })
                : t("Your school has been archived.")}
          </Callout.Text>
        </Callout.Root>
        <Text color="gray" size="2">
          {t(
            "Your classes and survey results are kept safe. If you think this is a mistake, contact your school's administrator to restore access.",
          )}
        </Text>
        <Form method="post" action="/logout">
          <Button type="submit" variant="soft">
            {t("Log out")}
          </Button>
        </Form>
      </Flex>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaTranslator(matches, "staff")("Access paused")} · Orliverse Classroom` },
];

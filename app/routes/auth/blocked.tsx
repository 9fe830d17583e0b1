import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { Form } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { isBlocked } from "~/server/auth/current-user.server";
import { getOptionalUser } from "~/server/auth/guards.server";
import { redirect } from "~/server/redirects.server";
import type { Route } from "./+types/blocked";

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
  return (
    <AuthCard title="Your access is paused">
      <Flex direction="column" gap="4">
        <Callout.Root color="amber">
          <Callout.Text>
            {loaderData.reason === "account"
              ? "Your account has been archived by your school's administrator."
              : `${loaderData.schoolName ?? "Your school"} has been archived.`}
          </Callout.Text>
        </Callout.Root>
        <Text color="gray" size="2">
          Your classes and survey results are kept safe. If you think this is a mistake, contact your school's
          administrator to restore access.
        </Text>
        <Form method="post" action="/logout">
          <Button type="submit" variant="soft">
            Log out
          </Button>
        </Form>
      </Flex>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Access paused · Orliverse Classroom" }];

import { parseWithZod } from "@conform-to/zod/v4";
import { Box, Button, Card, Flex, Heading, Separator, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Avatar } from "~/components/avatar/avatar";
import { CreateClassForm } from "~/components/class/create-class-form";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { NO_SCHOOL_YET_MESSAGE } from "~/lib/class-texts";
import { createClassFormSchema } from "~/lib/schemas/classroom";
import { isAdmin } from "~/server/auth/current-user.server";
import { requireUser } from "~/server/auth/guards.server";
import { createClass } from "~/server/classes/classes.server";
import { getAppFromContext } from "~/server/context.server";
import { getServerT } from "~/server/i18n/i18n.server";
import { redirectWithSuccess } from "~/server/redirects.server";
import { listMyClassesForRequest } from "~/server/web/class-access.server";
import { formErrorReply, formReply } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/home";

/** docs/product.md#home: /home, with the noClasses flag set when the user has no classes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  // The flag comes from the address; a teacher who has classes is never told they have none (issue 36).
  const noClasses =
    new URL(request.url).searchParams.get("noClasses") === "true" &&
    (await listMyClassesForRequest(request, context, user)).length === 0;
  return {
    noClasses,
    name: user.name,
    firstName: user.name.split(" ")[0],
    admin: isAdmin(user),
    hasSchool: user.schoolId !== null,
    schoolName: user.school?.name ?? null,
    email: user.email,
  };
}

/**
 * A teacher with no class yet creates their first one here: every class
 * screen (its create screen included) sends a user without classes back to
 * /home?noClasses=true (docs/product.md#class-route-loading). The domain refuses a teacher without a school.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: createClassFormSchema });
  if (submission.status !== "success") return formReply(submission);
  try {
    const created = await createClass(getAppFromContext(context).db, user, submission.value);
    const t = await getServerT(context, "staff");
    return redirectWithSuccess(`/class/${created.id}/home`, t("Class {name} created.", { name: created.name }));
  } catch (error) {
    return formErrorReply(submission, error);
  }
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const { noClasses, name, firstName, admin, hasSchool, schoolName, email } = loaderData;
  return (
    <Flex justify="center" px="4" py={{ initial: "6", sm: "9" }}>
      <Card size="4" style={{ width: "100%", maxWidth: 560 }}>
        <Flex direction="column" align="center" gap="4" style={{ textAlign: "center" }}>
          <Box className="home-avatar">
            <Avatar name={name} size={96} />
          </Box>
          <Heading as="h1" size="6">
            {noClasses
              ? t("Welcome, {name}! You have no classes yet", { name: firstName })
              : t("Welcome back, {name}", { name: firstName })}
          </Heading>
          {noClasses ? (
            <NoClassesGuidance admin={admin} hasSchool={hasSchool} email={email} />
          ) : (
            <Text color="gray">{t("Pick up where you left off.")}</Text>
          )}
          {!noClasses ? (
            <Button asChild size="3">
              <Link to="/class/-1/home">{t("Go to my classes")}</Link>
            </Button>
          ) : null}
        </Flex>
        {actionData || (noClasses && !admin && hasSchool) ? (
          <>
            <Separator size="4" my="5" />
            <CreateClassForm
              headingLevel="h2"
              lastResult={actionData?.result}
              description={
                schoolName
                  ? t("The class is created in {school}, and you become its teacher.", { school: schoolName })
                  : t("The class is created in your school, and you become its teacher.")
              }
            />
          </>
        ) : null}
      </Card>
    </Flex>
  );
}

function NoClassesGuidance({ admin, hasSchool, email }: { admin: boolean; hasSchool: boolean; email: string }) {
  const { t } = useTranslation("staff");
  if (admin) {
    return (
      <>
        <Text color="gray">
          {t(
            "Classes you create, or that belong to your school, appear here. Create a class and choose its teachers to get started.",
          )}
        </Text>
        <Button asChild size="3">
          <Link to="/admin/create-class">{t("Create a class")}</Link>
        </Button>
      </>
    );
  }
  if (!hasSchool) {
    return (
      <Text color="gray" role="status">
        {NO_SCHOOL_YET_MESSAGE} Yours is {email}. Once you are in a school, create your first class here.
      </Text>
    );
  }
  return (
    <Text color="gray">{t("Create your first class, add your students, then assign a survey from the library.")}</Text>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) => pageTitle("Home", error, matches);

/**
 * An error in this page's action shows here, inside the header and the
 * navigation: after a failed action React Router runs only the loaders
 * above the route that shows the error, so a layout's boundary would have
 * no data to draw its frame with.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}

import { Box, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { Avatar } from "~/components/avatar/avatar";
import { isAdmin } from "~/server/auth/current-user.server";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/home";

/** SPEC.md §2: /home, with the noClasses flag set when the user has no classes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const noClasses = new URL(request.url).searchParams.get("noClasses") === "true";
  return {
    noClasses,
    name: user.name,
    firstName: user.name.split(" ")[0],
    admin: isAdmin(user),
    hasSchool: user.schoolId !== null,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { noClasses, name, firstName, admin, hasSchool } = loaderData;
  return (
    <Flex justify="center" px="4" py={{ initial: "6", sm: "9" }}>
      <Card size="4" style={{ width: "100%", maxWidth: 560 }}>
        <Flex direction="column" align="center" gap="4" style={{ textAlign: "center" }}>
          <Box className="home-avatar">
            <Avatar name={name} size={96} />
          </Box>
          <Heading as="h1" size="6">
            {noClasses ? `Welcome, ${firstName}! You have no classes yet` : `Welcome back, ${firstName}`}
          </Heading>
          {noClasses ? (
            <NoClassesGuidance admin={admin} hasSchool={hasSchool} />
          ) : (
            <Text color="gray">Pick up where you left off.</Text>
          )}
          {!noClasses ? (
            <Button asChild size="3">
              <Link to="/class/-1/home">Go to my classes</Link>
            </Button>
          ) : null}
        </Flex>
      </Card>
    </Flex>
  );
}

function NoClassesGuidance({ admin, hasSchool }: { admin: boolean; hasSchool: boolean }) {
  if (admin) {
    return (
      <>
        <Text color="gray">
          Classes you create, or that belong to your school, appear here. Create a class and choose its teachers to get
          started.
        </Text>
        <Button asChild size="3">
          <Link to="/admin/create-class">Create a class</Link>
        </Button>
      </>
    );
  }
  if (!hasSchool) {
    return (
      <Text color="gray">
        Your account is not part of a school yet. Ask your school's administrator to add you to your school; then you
        can create classes and invite students with a class code.
      </Text>
    );
  }
  return <Text color="gray">Create your first class, add your students, then assign a survey from the library.</Text>;
}

export const meta: Route.MetaFunction = () => [{ title: "Home · Orliverse Classroom" }];

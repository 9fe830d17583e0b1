import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { data, Form, Link } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { z } from "zod";
import { ErrorList, Field, fieldProps } from "~/components/forms";
import { classNameSchema } from "~/lib/schemas/classroom";
import { requireClassTeacher } from "~/server/classes/class-screen.server";
import { createClass } from "~/server/classes/classes.server";
import { isDomainError } from "~/server/errors.server";
import type { Route } from "./+types/create";

const schema = z.object({ name: classNameSchema });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireClassTeacher(request, context, params.classId);
  return { schoolName: user.school?.name ?? null, needsSchool: user.schoolId === null };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, db } = await requireClassTeacher(request, context, params.classId);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const created = await createClass(db, user, submission.value);
    return redirectWithSuccess(`/class/${created.id}/home`, `Class ${created.name} created.`);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
}

export default function CreateClass({ loaderData, actionData, params }: Route.ComponentProps) {
  const [form, fields] = useForm<z.input<typeof schema>>({
    lastResult: actionData?.result,
  });
  return (
    <Flex justify="center">
      <Card size="3" style={{ width: "100%", maxWidth: 520 }}>
        <Form method="post" {...getFormProps(form)} aria-labelledby="create-class-title">
          <Flex direction="column" gap="4">
            <Heading as="h1" size="6" id="create-class-title">
              Create a class
            </Heading>
            <Text color="gray" size="2">
              {loaderData.needsSchool
                ? "Platform admins create classes from the admin area, where they choose the school."
                : `The class is created in ${loaderData.schoolName ?? "your school"}, and you become its teacher.`}
            </Text>
            <ErrorList id={form.errorId} errors={form.errors} />
            <Field label="Class name" {...fieldProps(fields.name)} placeholder="e.g. 5C Poppies" autoComplete="off" />
            <Flex gap="3" justify="end">
              <Button asChild variant="soft" color="gray">
                <Link to={`/class/${params.classId}/home`}>Cancel</Link>
              </Button>
              <Button type="submit">Create class</Button>
            </Flex>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Create a class · Orliverse Classroom" }];

import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { ClassCodePanel } from "~/components/class/class-code-panel";
import { ContactCard } from "~/components/class/contact-card";
import { EmptyState } from "~/components/class/empty-state";
import { plural, studentName } from "~/components/class/format";
import { StudentForm } from "~/components/class/student-form";
import { GeneralErrorBoundary, pageTitle } from "~/components/error-boundary";
import { button, card, heading, link, splitRow, stack, text, twoColumns } from "~/components/ui/radix-classes";
import { generateClassCodeSchema, studentSchema } from "~/lib/schemas/classroom";
import { MAX_RECORD_ID } from "~/lib/schemas/ids";
import { generateClassCode, stopClassCode } from "~/server/class-codes/class-codes.server";
import { mayRemoveTeacher } from "~/server/classes/class-owner.server";
import { addClassTeacher, removeClassTeacher } from "~/server/classes/classes.server";
import { createStudent, getClassPeople, removeStudentFromClass } from "~/server/students/students.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { keepListShape } from "~/server/web/forms.server";
import { redirectWithError, redirectWithSuccess } from "~/server/web/redirects.server";
import { redirectWithFailure } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/students-manage";

const idIntent = z.object({
  intent: z.enum(["remove-student", "add-teacher", "remove-teacher"]),
  id: z.coerce.number().int().positive().max(MAX_RECORD_ID),
});

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  const url = new URL(request.url);
  const { students, teachers, addableTeachers, classCode } = await getClassPeople(db, user, classId);
  const confirm = /^remove-student-(\d+)$/.exec(url.searchParams.get("confirm") ?? "");
  const confirmStudent = confirm ? (students.find((s) => s.id === Number(confirm[1])) ?? null) : null;
  return {
    classId,
    students,
    classCode,
    // Who may be taken off the class by this user: the same rule the domain enforces (ADR 111).
    teachers: teachers.map((teacher) => ({
      ...teacher,
      you: teacher.id === user.id,
      removable: teachers.length > 1 && mayRemoveTeacher(user, teachers, teacher.id),
    })),
    addableTeachers,
    showAddForm: url.searchParams.has("add"),
    confirmStudent,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  const here = `/class/${classId}/students/manage`;
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "add-student") {
    const submission = parseWithZod(keepListShape(formData, "contacts"), { schema: studentSchema });
    if (submission.status !== "success")
      return data({ form: "add-student", result: submission.reply(), codeError: null }, { status: 400 });
    try {
      await createStudent(db, user, classId, submission.value);
      return redirectWithSuccess(
        here,
        `${submission.value.firstName} ${submission.value.lastName} added to the class.`,
      );
    } catch (error) {
      return redirectWithFailure(here, error, "Failed to add the student");
    }
  }

  if (intent === "generate-code") {
    const parsed = generateClassCodeSchema.safeParse({
      classId,
      expirationHours: formData.get("expirationHours") || undefined,
    });
    if (!parsed.success) {
      return data(
        { form: "class-code", result: null, codeError: parsed.error.issues[0]?.message ?? "Check the expiry" },
        { status: 400 },
      );
    }
    try {
      const code = await generateClassCode(db, user, parsed.data);
      return redirectWithSuccess(here, `New class code ${code.code} is live.`);
    } catch (error) {
      return redirectWithFailure(here, error, "Failed to generate a class code");
    }
  }

  if (intent === "stop-code") {
    try {
      const result = await stopClassCode(db, user, { classId });
      return result.stopped ? redirectWithSuccess(here, result.message) : redirectWithError(here, result.message);
    } catch (error) {
      return redirectWithFailure(here, error, "Failed to stop the class code");
    }
  }

  const parsed = idIntent.safeParse({ intent, id: formData.get("id") });
  if (!parsed.success) return redirectWithError(here, "That action is not available.");
  try {
    if (parsed.data.intent === "remove-student") {
      const student = await removeStudentFromClass(db, user, classId, parsed.data.id);
      return redirectWithSuccess(here, `${student.firstName} ${student.lastName} removed from the class.`);
    }
    if (parsed.data.intent === "add-teacher") {
      const teacher = await addClassTeacher(db, user, classId, parsed.data.id);
      return redirectWithSuccess(here, `${teacher.name} now teaches this class.`);
    }
    await removeClassTeacher(db, user, classId, parsed.data.id);
    if (parsed.data.id === user.id) return redirectWithSuccess("/class/-1/home", "You left the class.");
    return redirectWithSuccess(here, "Teacher removed from the class.");
  } catch (error) {
    return redirectWithFailure(here, error, "Failed to update the class");
  }
}

export default function ManageStudents({ loaderData, actionData }: Route.ComponentProps) {
  const { classId, students, classCode, teachers, addableTeachers, showAddForm, confirmStudent } = loaderData;
  const owner = teachers.find((teacher) => teacher.role === "owner");
  const base = `/class/${classId}`;
  const addFormResult = actionData?.form === "add-student" ? actionData.result : null;
  return (
    // Plain elements with Radix Themes' classes (radix-classes.ts) for everything shown on every visit.
    <div className={stack(5)}>
      <div className={splitRow(3)}>
        <div className={stack(1)}>
          <h1 className={heading(6)}>Students</h1>
          <span data-accent-color="gray" className={text(2)}>
            {plural(students.length, "student")} in this class, with their contacts.
          </span>
        </div>
        {!showAddForm && !addFormResult ? (
          <Link data-accent-color="" className={button("solid")} to="?add=1">
            Add a student
          </Link>
        ) : null}
      </div>

      {confirmStudent ? (
        <Card
          size="3"
          className="confirm-panel"
          role="alertdialog"
          aria-labelledby="confirm-remove-title"
          aria-describedby="confirm-remove-text"
        >
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4" id="confirm-remove-title">
              Remove {studentName(confirmStudent)} from the class?
            </Heading>
            <Text id="confirm-remove-text" size="2">
              They leave this class's list. Their record and past answers are kept, and they can join again with a class
              code.
            </Text>
            <Flex gap="3" justify="end">
              <Button asChild variant="soft" color="gray">
                <Link to=".">Cancel</Link>
              </Button>
              <Form method="post" action={`${base}/students/manage`}>
                <input type="hidden" name="id" value={confirmStudent.id} />
                <Button type="submit" name="intent" value="remove-student" color="red">
                  Remove student
                </Button>
              </Form>
            </Flex>
          </Flex>
        </Card>
      ) : null}

      {showAddForm || addFormResult ? (
        <StudentForm
          id="add-student"
          intent="add-student"
          title="Add a student"
          submitLabel="Add student"
          cancelTo={`${base}/students/manage`}
          lastResult={addFormResult}
        />
      ) : null}

      {students.length === 0 ? (
        <EmptyState
          title="No students yet"
          action={
            <Button asChild variant="soft">
              <Link to="?add=1">Add a student</Link>
            </Button>
          }
        >
          Share the class code below with your students so they can join from the student app, or add them yourself.
        </EmptyState>
      ) : (
        // Plain elements with Radix Themes' classes: this list is the screen's
        // bulk, and the components' prop parsing dominated its render time.
        <ul className={stack(3, "plain-list")} aria-label="Students">
          {students.map((student) => (
            <li key={student.id}>
              <div className={card(2)}>
                <div className={stack(3)}>
                  <div className={splitRow(2)}>
                    <div className="rt-Flex rt-r-fd-column">
                      <h2 className={heading(4)}>
                        <Link data-accent-color="" className={link} to={`${base}/student/${student.id}`}>
                          {studentName(student)}
                        </Link>
                      </h2>
                      <span data-accent-color="gray" className={text(1)}>
                        {student.joinedWithCode ? `Joined with code ${student.joinedWithCode}` : "Added by a teacher"}
                      </span>
                    </div>
                    <div className="rt-Flex rt-r-gap-2">
                      <Link data-accent-color="" className={button("soft")} to={`${base}/student/${student.id}?edit=1`}>
                        Edit<span className="visually-hidden"> {studentName(student)}</span>
                      </Link>
                      <Link
                        data-accent-color="red"
                        className={button("soft")}
                        to={`?confirm=remove-student-${student.id}`}
                      >
                        Remove<span className="visually-hidden"> {studentName(student)}</span>
                      </Link>
                    </div>
                  </div>
                  {student.contacts.length === 0 ? (
                    <span data-accent-color="gray" className={text(2)}>
                      No contacts. Edit the student to add one.
                    </span>
                  ) : (
                    <div className="contact-grid">
                      {student.contacts.map((contact) => (
                        <ContactCard key={contact.id} contact={contact} headingLevel="h3" />
                      ))}
                    </div>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}

      <div className={twoColumns("md", 4)}>
        <ClassCodePanel
          classCode={classCode}
          manage
          error={actionData?.form === "class-code" ? actionData.codeError : null}
        />
        <div className={card(2)}>
          <div className={stack(3)}>
            <h2 id="teachers-heading" className={heading(4)}>
              Teachers
            </h2>
            {owner ? (
              <span data-accent-color="gray" className={text(2)} id="teachers-rule">
                {owner.you ? "You own" : `${owner.name} owns`} this class. The owner removes other teachers; any teacher
                may leave, and when the owner leaves, the longest-serving teacher becomes the owner.
              </span>
            ) : null}
            <ul className="plain-list" aria-labelledby="teachers-heading">
              {teachers.map((teacher) => (
                <li key={teacher.id}>
                  <div className="rt-Flex rt-r-ai-center rt-r-jc-space-between rt-r-gap-2 rt-r-py-1">
                    <span className={text(2)}>
                      {teacher.name}
                      {teacher.you ? " (you)" : null}{" "}
                      <span data-accent-color="gray" className="rt-Text">
                        ({teacher.role === "owner" ? "owner" : "co-teacher"})
                      </span>
                    </span>
                    {teacher.removable ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={teacher.id} />
                        <button
                          data-accent-color="red"
                          type="submit"
                          name="intent"
                          value="remove-teacher"
                          className={button("ghost", 1)}
                        >
                          {teacher.you ? (
                            "Leave class"
                          ) : (
                            <>
                              Remove<span className="visually-hidden"> {teacher.name}</span>
                            </>
                          )}
                        </button>
                      </Form>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
            {addableTeachers.length > 0 ? (
              <Form method="post">
                <div className="rt-Flex rt-r-ai-end rt-r-fw-wrap rt-r-gap-2">
                  <div className={stack(1)}>
                    <label htmlFor="add-teacher-id" className="rt-Text rt-r-size-2 rt-r-weight-medium">
                      Add a teacher
                    </label>
                    <select id="add-teacher-id" name="id" className="native-select" required defaultValue="">
                      <option value="" disabled>
                        Choose a colleague…
                      </option>
                      {addableTeachers.map((teacher) => (
                        <option key={teacher.id} value={teacher.id}>
                          {teacher.name}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button
                    data-accent-color=""
                    type="submit"
                    name="intent"
                    value="add-teacher"
                    className={button("soft")}
                  >
                    Add teacher
                  </button>
                </div>
              </Form>
            ) : (
              <span data-accent-color="gray" className={text(2)}>
                Every teacher of the school already teaches this class.
              </span>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ error }) => pageTitle("Students", error);

/**
 * An error in this page's action shows here, inside the header and the
 * navigation: after a failed action React Router runs only the loaders
 * above the route that shows the error, so a layout's boundary would have
 * no data to draw its frame with.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} params={params} />;
}

import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { ContactCard } from "~/components/class/contact-card";
import { EmptyState } from "~/components/class/empty-state";
import { studentName } from "~/components/class/format";
import { Card, Flex, Heading, SplitRow, Text } from "~/components/ui/kit";
import { ButtonLink, Button as KitButton, TextLink } from "~/components/ui/kit-controls";
import type { getClassPeople } from "~/server/students/students.server";

type Student = Awaited<ReturnType<typeof getClassPeople>>["students"][number];

export function StudentList({ base, students }: { base: string; students: Student[] }) {
  const { t } = useTranslation("staff");
  return students.length === 0 ? (
    <EmptyState title={t("No students yet")} action={{ to: "?add=1", label: t("Add a student") }}>
      {t("Share the class code below with your students so they can join, or add them yourself.")}
    </EmptyState>
  ) : (
    // The layout kit (kit.tsx): this list is the screen's bulk, and Radix's
    // components' prop parsing dominated its render time.
    <Flex as="ul" direction="column" gap="3" className="plain-list" aria-label={t("Students")}>
      {students.map((student) => (
        <li key={student.id}>
          <Card size="2">
            <Flex direction="column" gap="3">
              <SplitRow gap="2">
                <Flex direction="column">
                  <Heading as="h2" size="4">
                    <TextLink to={`${base}/student/${student.id}`}>
                      <bdi>{studentName(student)}</bdi>
                    </TextLink>
                  </Heading>
                  <Text size="1" color="gray">
                    {student.joinedWithCode
                      ? t("Joined with code {code}", { code: student.joinedWithCode })
                      : t("Added by a teacher")}
                  </Text>
                  {student.closeTo ? (
                    <Text size="2" color="orange" data-testid="close-name-join">
                      {t("{name} joined — close to {listed}", { name: studentName(student), listed: student.closeTo })}
                    </Text>
                  ) : null}
                  <PersonalCode student={student} />
                </Flex>
                <Flex gap="2">
                  <ButtonLink variant="soft" to={`${base}/student/${student.id}?edit=1`}>
                    {t("Edit")}
                    <span className="visually-hidden"> {studentName(student)}</span>
                  </ButtonLink>
                  <ButtonLink variant="soft" color="red" to={`?confirm=remove-student-${student.id}`}>
                    {t("Remove")}
                    <span className="visually-hidden"> {studentName(student)}</span>
                  </ButtonLink>
                </Flex>
              </SplitRow>
              {student.contacts.length === 0 ? (
                <Text size="2" color="gray">
                  {t("No contacts. Edit the student to add one.")}
                </Text>
              ) : (
                <div className="contact-grid">
                  {student.contacts.map((contact) => (
                    <ContactCard key={contact.id} contact={contact} headingLevel="h3" />
                  ))}
                </div>
              )}
            </Flex>
          </Card>
        </li>
      ))}
    </Flex>
  );
}

/** The student's personal code (or that there is none yet) and the button that replaces it. */
function PersonalCode({ student }: { student: Student }) {
  const { t } = useTranslation("staff");
  return (
    <Flex align="center" gap="2" wrap="wrap">
      {student.personalCode ? (
        <Text size="2">
          {t("Personal code")}{" "}
          <span className="personal-code" data-testid="personal-code">
            {student.personalCode}
          </span>
        </Text>
      ) : (
        <Text size="2" color="gray">
          {t("No personal code yet")}
        </Text>
      )}
      {student.personalCode ? (
        <Form method="post">
          <input type="hidden" name="intent" value="new-code" />
          <input type="hidden" name="id" value={student.id} />
          <KitButton type="submit" variant="ghost" size="1">
            {t("New code")}
            <span className="visually-hidden"> {t("for {name}", { name: studentName(student) })}</span>
          </KitButton>
        </Form>
      ) : null}
    </Flex>
  );
}

/**
 * The class's teachers: who owns the class, a Remove (or Leave class) button
 * where this user may use it (ADR 111), and Add a teacher from the school.
 */
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Card, Flex, Heading, Text } from "~/components/ui/kit";
import { Button } from "~/components/ui/kit-controls";

interface Teacher {
  id: number;
  name: string;
  role: string;
  you: boolean;
  removable: boolean;
}

export function TeachersCard({
  teachers,
  addableTeachers,
}: {
  teachers: Teacher[];
  addableTeachers: { id: number; name: string }[];
}) {
  const { t } = useTranslation("staff");
  const owner = teachers.find((teacher) => teacher.role === "owner");
  return (
    <Card size="2">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id="teachers-heading">
          {t("Teachers")}
        </Heading>
        {owner ? (
          <Text size="2" color="gray" id="teachers-rule">
            {owner.you ? t("You own this class.") : t("{name} owns this class.", { name: owner.name })}{" "}
            {t(
              "The owner removes other teachers; any teacher may leave, and when the owner leaves, the longest-serving teacher becomes the owner.",
            )}
          </Text>
        ) : null}
        <ul className="plain-list" aria-labelledby="teachers-heading">
          {teachers.map((teacher) => (
            <li key={teacher.id}>
              <Flex align="center" justify="between" gap="2" py="1">
                <Text size="2">
                  <bdi>{teacher.name}</bdi>
                  {teacher.you ? ` ${t("(you)")}` : null}{" "}
                  <Text color="gray">{teacher.role === "owner" ? t("(owner)") : t("(co-teacher)")}</Text>
                </Text>
                {teacher.removable ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={teacher.id} />
                    <Button type="submit" name="intent" value="remove-teacher" variant="ghost" size="1" color="red">
                      {teacher.you ? (
                        t("Leave class")
                      ) : (
                        <>
                          {t("Remove")}
                          <span className="visually-hidden"> {teacher.name}</span>
                        </>
                      )}
                    </Button>
                  </Form>
                ) : null}
              </Flex>
            </li>
          ))}
        </ul>
        {addableTeachers.length > 0 ? (
          <Form method="post">
            <Flex align="end" wrap="wrap" gap="2">
              <Flex direction="column" gap="1">
                <Text as="label" htmlFor="add-teacher-id" size="2" weight="medium">
                  {t("Add a teacher")}
                </Text>
                <select id="add-teacher-id" name="id" className="native-select" required defaultValue="">
                  <option value="" disabled>
                    {t("Choose a colleague…")}
                  </option>
                  {addableTeachers.map((teacher) => (
                    <option key={teacher.id} value={teacher.id}>
                      <bdi>{teacher.name}</bdi>
                    </option>
                  ))}
                </select>
              </Flex>
              <Button type="submit" name="intent" value="add-teacher" variant="soft">
                {t("Add teacher")}
              </Button>
            </Flex>
          </Form>
        ) : (
          <Text size="2" color="gray">
            {t("Every teacher of the school already teaches this class.")}
          </Text>
        )}
      </Flex>
    </Card>
  );
}

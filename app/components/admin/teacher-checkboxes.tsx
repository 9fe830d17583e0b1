import "./admin.css";
import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ErrorList, type ListOfErrors } from "~/components/forms";

/** A labelled group of teacher checkboxes (one or more), with its errors tied to the group. */
export function TeacherCheckboxes({
  id,
  name,
  teachers,
  checked,
  errors,
}: {
  id: string;
  name: string;
  teachers: { id: number; name: string; email: string }[];
  checked: number[];
  errors?: ListOfErrors;
}) {
  const { t } = useTranslation("staff");
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  return (
    <fieldset className="admin-fieldset" aria-describedby={errorId} aria-invalid={errorId ? true : undefined}>
      <legend>
        <Text size="2" weight="medium">
          {t("Teachers (choose one or more; the first becomes the owner)")}
        </Text>
      </legend>
      <Flex direction="column" gap="2">
        <ul className="admin-checkbox-list">
          {teachers.map((teacher) => (
            <li key={teacher.id}>
              <label>
                <input type="checkbox" name={name} value={teacher.id} defaultChecked={checked.includes(teacher.id)} />
                <span>
                  <Text size="2">
                    <bdi>{teacher.name}</bdi>
                  </Text>{" "}
                  <Text size="1" color="gray">
                    <bdi>{teacher.email}</bdi>
                  </Text>
                </span>
              </label>
            </li>
          ))}
        </ul>
        <ErrorList id={errorId} errors={errors} />
      </Flex>
    </fieldset>
  );
}

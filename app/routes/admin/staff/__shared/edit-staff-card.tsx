/** The edit page's form: a staff member's name, role and school. */

import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { SelectField } from "~/components/admin/select-field";
import { ErrorList, Field, fieldProps } from "~/components/forms";
import type { StaffMember } from "~/server/users/staff.server";
import { type SchoolChoice, schoolOptions } from "./staff-list";
import type { editSchema } from "./staff-schemas";

export function EditStaffCard({
  member,
  lastResult,
  schoolChoices,
  platform,
  isSelf,
  cancelTo,
}: {
  member: StaffMember;
  lastResult: SubmissionResult<string[]> | null | undefined;
  schoolChoices: SchoolChoice[];
  platform: boolean;
  isSelf: boolean;
  cancelTo: string;
}) {
  const { t } = useTranslation("staff");
  const [form, fields] = useForm<z.input<typeof editSchema>>({
    id: "edit-staff",
    lastResult,
    defaultValue: {
      name: member.name,
      role: member.role,
      schoolId: member.schoolId ? String(member.schoolId) : "",
    },
  });
  const choices =
    member.school && !schoolChoices.some((school) => school.id === member.school?.id)
      ? [...schoolChoices, member.school]
      : schoolChoices;
  return (
    <Card size="3" id="edit-staff-card">
      <Form method="post" {...getFormProps(form)} aria-labelledby="edit-staff-title">
        <Flex direction="column" gap="4">
          <Heading as="h2" size="5" id="edit-staff-title">
            Edit {member.name}
          </Heading>
          <Text size="2" color="gray">
            <bdi>{member.email}</bdi>
            {isSelf ? " · This is you: you cannot archive yourself or change your own role or school." : null}
          </Text>
          <ErrorList id={form.errorId} errors={form.errors} />
          <Field label={t("Name")} {...fieldProps(fields.name)} autoComplete="off" />
          <SelectField
            label={t("Role")}
            {...fieldProps(fields.role)}
            defaultValue={member.role}
            options={[
              { value: "teacher", label: t("Teacher") },
              { value: "admin", label: t("Admin") },
            ]}
          />
          <SelectField
            label={t("School")}
            {...fieldProps(fields.schoolId)}
            defaultValue={member.schoolId ? String(member.schoolId) : ""}
            options={schoolOptions(choices, platform, "No school (platform admin when the role is Admin)")}
            hint={platform ? undefined : t("You can keep staff in your own school only.")}
          />
          <Flex gap="3" justify="end" wrap="wrap">
            <Button asChild variant="soft" color="gray">
              <Link to={cancelTo}>{t("Cancel")}</Link>
            </Button>
            <Button type="submit">{t("Save changes")}</Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}

/**
 * A list's filters: a GET form in a card, so a filtered list is a URL to share
 * and works without JavaScript. "Apply filters" submits it; "Clear" (shown
 * while any filter is set) goes back to the unfiltered list.
 */
import { Button, Card, Flex } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Field } from "~/components/forms";
import { SelectField, type SelectOption } from "./select-field";

export function FilterForm({
  label,
  clearTo,
  hasFilters,
  buttonsAlign,
  children,
}: {
  /** The form's accessible name ("Filter staff"). */
  label: string;
  clearTo: string;
  hasFilters: boolean;
  buttonsAlign?: "end";
  children: ReactNode;
}) {
  const { t } = useTranslation("staff");
  return (
    <Card size="2">
      <Form method="get" className="admin-filters" aria-label={label}>
        {children}
        <Flex gap="2" align={buttonsAlign}>
          <Button type="submit">{t("Apply filters")}</Button>
          {hasFilters ? (
            <Button asChild variant="soft" color="gray">
              <Link to={clearTo}>{t("Clear")}</Link>
            </Button>
          ) : null}
        </Flex>
      </Form>
    </Card>
  );
}

/** One end of a date range in a filter form (`from`, `to`). */
export function FilterDateField({ label, name, value }: { label: string; name: string; value: string | undefined }) {
  return <Field label={label} name={name} type="date" defaultValue={value ?? ""} inputProps={{ size: "2" }} />;
}

/** A filter's select: "" (any, named by `anyLabel`) first, then the choices; the current value chosen. */
export function FilterSelect({
  label,
  name,
  value,
  anyLabel,
  options,
}: {
  label: string;
  name: string;
  value: string | number | null | undefined;
  anyLabel: string;
  options: SelectOption[];
}) {
  return (
    <SelectField
      label={label}
      name={name}
      defaultValue={value ? String(value) : ""}
      options={[{ value: "", label: anyLabel }, ...options]}
    />
  );
}

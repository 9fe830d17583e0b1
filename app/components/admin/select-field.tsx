import "./admin.css";
import { Flex, Text } from "@radix-ui/themes";
import { useId } from "react";
import { ErrorList, type ListOfErrors } from "~/components/forms";

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled native select: works without JavaScript, errors tied with aria-describedby. */
export function SelectField({
  label,
  name,
  id,
  options,
  defaultValue,
  errors,
  hint,
  required,
}: {
  label: string;
  name: string;
  id?: string;
  options: SelectOption[];
  defaultValue?: string;
  errors?: ListOfErrors;
  hint?: string;
  required?: boolean;
}) {
  const fallbackId = useId();
  const selectId = id ?? fallbackId;
  const errorId = errors?.some(Boolean) ? `${selectId}-error` : undefined;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={selectId} size="2" weight="medium">
        {label}
      </Text>
      <select
        id={selectId}
        name={name}
        className="admin-select"
        defaultValue={defaultValue}
        required={required}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <Text id={hintId} size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </Flex>
  );
}

import "./admin.css";
import { FieldFrame, type ListOfErrors } from "~/components/forms";

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
  return (
    <FieldFrame label={label} id={id} hint={hint} errors={errors}>
      {(control) => (
        <select {...control} name={name} className="admin-select" defaultValue={defaultValue} required={required}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

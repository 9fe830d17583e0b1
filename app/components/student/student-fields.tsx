/**
 * Plain form fields for the student pages: a label on every input, errors
 * tied to it with aria-invalid and aria-describedby, large targets. No
 * Radix Themes form components and no validation library (ADR 151).
 */
import { useTranslation } from "react-i18next";
import { errorIdFor } from "~/lib/student-form";

/**
 * The server's messages are English keys of the `student` catalogue (ADR 215):
 * translated here, at the edge. A message the catalogue does not have (one
 * with a number in it) stays as the server wrote it.
 */
function useMessage() {
  const { t } = useTranslation("student");
  return (message: string) => t(message);
}

export function ErrorMessages({ id, errors }: { id: string; errors?: string[] }) {
  const translate = useMessage();
  if (!errors?.length) return null;
  return (
    <ul className="student-errors" id={id}>
      {errors.map((message) => (
        <li key={message}>{translate(message)}</li>
      ))}
    </ul>
  );
}

/** The messages for the whole form, read out when they appear. */
export function FormErrors({ errors }: { errors?: string[] }) {
  const translate = useMessage();
  if (!errors?.length) return null;
  return (
    <div className="student-alert" role="alert">
      {errors.map((message) => (
        <p key={message}>{translate(message)}</p>
      ))}
    </div>
  );
}

interface TextInputProps {
  id: string;
  name: string;
  label: string;
  defaultValue?: string;
  errors?: string[];
  hint?: string;
  autoComplete?: string;
  maxLength?: number;
  autoCapitalize?: string;
  /** The field may be left empty (it is required unless said). */
  optional?: boolean;
}

export function TextInput({
  id,
  name,
  label,
  defaultValue,
  errors,
  hint,
  autoComplete,
  maxLength,
  autoCapitalize,
  optional,
}: TextInputProps) {
  const invalid = Boolean(errors?.length);
  const describedBy = [hint ? `${id}-hint` : null, invalid ? errorIdFor(id) : null].filter(Boolean).join(" ");
  return (
    <div className="student-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span className="student-hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <input
        id={id}
        name={name}
        type="text"
        className="student-input"
        defaultValue={defaultValue}
        required={!optional}
        autoComplete={autoComplete}
        autoCapitalize={autoCapitalize}
        spellCheck={false}
        maxLength={maxLength}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
      />
      <ErrorMessages id={errorIdFor(id)} errors={errors} />
    </div>
  );
}

/** Public forms carry a field people never see or fill (app/lib/honeypot.ts). */
export function HoneypotInput({ name }: { name: string }) {
  const { t } = useTranslation("student");
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor={`hp-${name}`}>{t("Leave this field empty")}</label>
      <input id={`hp-${name}`} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

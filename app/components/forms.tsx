/**
 * Form field building blocks: a label on every input, errors tied to the
 * input with aria-invalid and aria-describedby. Works with conform's field
 * metadata or plain props.
 */
import { Box, Button, Flex, Text, TextArea, TextField } from "@radix-ui/themes";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { PASSWORD_TOGGLE_ATTRIBUTE, PENDING_LABEL_ATTRIBUTE } from "~/lib/plain-page-behaviour";
import { useHydrated } from "~/lib/use-hydrated";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/**
 * The server's messages (zod rules, domain refusals) are English catalogue
 * keys (ADR 215, ADR 227): translated here, where they are shown. A message
 * the catalogue does not have stays as the server wrote it.
 */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const { t } = useTranslation("staff");
  const messages = errors?.filter(Boolean);
  if (!messages?.length) return null;
  return (
    <Flex id={id} direction="column" gap="1" asChild>
      <ul className="error-list">
        {messages.map((message) => (
          <li key={message}>
            <Text size="2" color="red">
              {t(message as string)}
            </Text>
          </li>
        ))}
      </ul>
    </Flex>
  );
}

interface FieldProps {
  label: string;
  name: string;
  id?: string;
  type?: React.ComponentProps<typeof TextField.Root>["type"];
  defaultValue?: string;
  errors?: ListOfErrors;
  hint?: string;
  autoComplete?: string;
  required?: boolean;
  placeholder?: string;
  inputProps?: React.ComponentProps<typeof TextField.Root>;
}

/** What a field's control carries: its id, and its hint and errors tied to it. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A field's frame: its label, the control (rendered with the ids it must
 * carry), its hint and its errors: Field, TextAreaField and SelectField.
 */
export function FieldFrame({
  label,
  id,
  hint,
  errors,
  children,
}: {
  label: string;
  id?: string;
  hint?: string;
  errors?: ListOfErrors;
  children: (control: ControlProps) => ReactNode;
}) {
  const fallbackId = useId();
  const controlId = id ?? fallbackId;
  const errorId = errors?.some(Boolean) ? `${controlId}-error` : undefined;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={controlId} size="2" weight="medium">
        {label}
      </Text>
      {children({ id: controlId, "aria-invalid": errorId ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <Text id={hintId} size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </Flex>
  );
}

export function Field({
  label,
  name,
  id,
  type = "text",
  defaultValue,
  errors,
  hint,
  autoComplete,
  required,
  placeholder,
  inputProps,
}: FieldProps) {
  return (
    <FieldFrame label={label} id={id} hint={hint} errors={errors}>
      {(control) => (
        <TextField.Root
          {...control}
          name={name}
          type={type}
          defaultValue={defaultValue}
          autoComplete={autoComplete}
          required={required}
          placeholder={placeholder}
          size="3"
          {...inputProps}
        />
      )}
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  name,
  id,
  defaultValue,
  errors,
  hint,
}: Omit<FieldProps, "type" | "inputProps">) {
  return (
    <FieldFrame label={label} id={id} hint={hint} errors={errors}>
      {(control) => <TextArea {...control} name={name} defaultValue={defaultValue} />}
    </FieldFrame>
  );
}

/**
 * A password input with a show/hide toggle. The toggle needs JavaScript, so
 * it appears only once React runs; without it the input simply stays hidden.
 */
/**
 * A password field with a Show/Hide toggle. The toggle is rendered hidden on
 * the server: React shows it once hydrated, and on a page without the client
 * bundle (ADR 170) the plain script shows and runs it from its data attributes.
 */
export function PasswordField({
  shown,
  onToggle,
  ...props
}: Omit<FieldProps, "type"> & { shown?: boolean; onToggle?: () => void }) {
  const { t } = useTranslation("staff");
  const hydrated = useHydrated();
  const [localShown, setLocalShown] = useState(false);
  const isShown = shown ?? localShown;
  const toggle = onToggle ?? (() => setLocalShown((value) => !value));
  const fallbackId = useId();
  const id = props.id ?? fallbackId;
  const showLabel = t("Show {label}", { label: props.label });
  const hideLabel = t("Hide {label}", { label: props.label });
  return (
    <Field
      {...props}
      id={id}
      type={isShown ? "text" : "password"}
      inputProps={{
        children: (
          <TextField.Slot side="right" hidden={!hydrated} {...{ [PASSWORD_TOGGLE_ATTRIBUTE]: "" }}>
            <Button
              type="button"
              variant="ghost"
              size="1"
              onClick={toggle}
              aria-pressed={isShown}
              aria-controls={id}
              aria-label={isShown ? hideLabel : showLabel}
              data-show-label={showLabel}
              data-hide-label={hideLabel}
              data-show-text={t("Show")}
              data-hide-text={t("Hide")}
            >
              {isShown ? t("Hide") : t("Show")}
            </Button>
          </TextField.Slot>
        ),
      }}
    />
  );
}

/**
 * A form's send button: disabled and saying `pendingLabel` while its form is
 * on its way. On a page without the client bundle (ADR 170) the plain script
 * does the same from `data-pending-label`.
 */
export function SubmitButton({
  label,
  pendingLabel,
  ...props
}: Omit<React.ComponentProps<typeof Button>, "type" | "children"> & { label: string; pendingLabel: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Button type="submit" size="3" disabled={busy} {...props} {...{ [PENDING_LABEL_ATTRIBUTE]: pendingLabel }}>
      {busy ? pendingLabel : label}
    </Button>
  );
}

/** A field no person fills; bots that fill it are refused. Hidden from people and screen readers. */
export function Honeypot({ name }: { name: string }) {
  return (
    <Box className="visually-hidden" aria-hidden="true">
      <label htmlFor={`hp-${name}`}>Leave this field empty</label>
      <input id={`hp-${name}`} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </Box>
  );
}

/** Conform field metadata, as the field helpers read it. */
export interface FieldMeta {
  name: string;
  id: string;
  errors?: string[];
  initialValue?: unknown;
}

/** The value a field shows again (what was sent, or its form's default), else `fallback`. */
export function initialText<T extends string | undefined>(meta: FieldMeta, fallback: T): string | T {
  return typeof meta.initialValue === "string" ? meta.initialValue : fallback;
}

/**
 * Conform field metadata → Field, TextAreaField or SelectField props: name, id,
 * errors and the value to show again (`fallback` when there is none).
 */
export function fieldProps(meta: FieldMeta, fallback?: string) {
  return { name: meta.name, id: meta.id, errors: meta.errors, defaultValue: initialText(meta, fallback) };
}

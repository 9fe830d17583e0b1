/**
 * A server-validated form's state, read straight from the server's reply
 * (conform's `submission.reply()`), for the public pages: sign-in, sign-up,
 * forgot and reset password. They validate nothing in the browser
 * (docs/product.md#validation-messages), so conform's client runtime (8 kB gzip) would only copy the reply
 * into the markup; this does that with the same ids and aria attributes
 * conform gives (ADR 141). Forms with field lists keep conform.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";

export interface ReplyField {
  name: string;
  id: string;
  errors?: string[];
  initialValue?: unknown;
}

export interface FormReply {
  form: {
    id: string;
    errorId: string;
    /** Errors of the whole form (conform's `formErrors`). */
    errors?: string[];
    /** Spread on the <form>: its id, no browser validation, and the form errors' description. */
    props: { id: string; noValidate: true; "aria-describedby"?: string };
    /** Attach to the <form>: it is reset when the server asks for it (`reply({ resetForm: true })`). */
    ref: React.RefObject<HTMLFormElement | null>;
  };
  field: (name: string) => ReplyField;
}

export function useFormReply(id: string, lastResult: SubmissionResult<string[]> | null | undefined): FormReply {
  const ref = useRef<HTMLFormElement>(null);
  // Every reply that asks for it resets the form, the second "sent" as much as the first.
  useEffect(() => {
    if (lastResult?.initialValue === null) ref.current?.reset();
  }, [lastResult]);
  const errors = lastResult?.error ?? {};
  const initialValue = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const formErrors = errors[""] ?? undefined;
  const errorId = `${id}-error`;
  return {
    form: {
      id,
      errorId,
      errors: formErrors,
      props: { id, noValidate: true, ...(formErrors ? { "aria-describedby": errorId } : {}) },
      ref,
    },
    field: (name) => ({
      name,
      id: `${id}-${name}`,
      errors: errors[name] ?? undefined,
      initialValue: initialValue[name],
    }),
  };
}

/**
 * What a student form's action answers when it does not go through: the
 * messages for the whole form, the messages per field, and every value the
 * student typed, so the form comes back filled in (with or without
 * JavaScript). The student pages use plain forms rather than Conform, so no
 * validation library runs in a child's browser (ADR 151).
 */
export interface StudentFormReply {
  formErrors: string[];
  /** Field name → messages. */
  fieldErrors: Record<string, string[]>;
  /** Field name → the values posted (several for a group of checkboxes). */
  values: Record<string, string>;
}

/** The id of a field's error list, for aria-describedby. */
export function errorIdFor(fieldId: string): string {
  return `${fieldId}-error`;
}

/**
 * What the staff screens share in the browser: the list's query string (kept
 * across the edit page and the list's buttons) and the school choices.
 */

/** Rows the add-staff form holds; more people come by CSV. */
export const MAX_FORM_ROWS = 50;

/** The list's filters and page, without the one-off panels (edit, result). */
export function listSearch(params: URLSearchParams, changes: Record<string, string | number | null> = {}): string {
  const next = new URLSearchParams();
  for (const key of ["q", "schoolId", "role", "status", "page"]) {
    const value = params.get(key);
    if (value) next.set(key, value);
  }
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  const text = next.toString();
  return text ? `?${text}` : "";
}

export type SchoolChoice = { id: number; name: string };

/** A school select's options; only a platform admin may choose no school. */
export function schoolOptions(schoolChoices: SchoolChoice[], platform: boolean, noneLabel: string) {
  return [
    ...(platform ? [{ value: "", label: noneLabel }] : []),
    ...schoolChoices.map((school) => ({ value: String(school.id), label: school.name })),
  ];
}

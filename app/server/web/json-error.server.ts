/**
 * The one place a JSON error answer is built: `{ code, message }`, with the
 * field errors when a form-like body had any (ADR 223). The API's mapping of
 * domain errors (`toApiResponse`), the root middleware's refusals and the
 * HTTP entry's own 400/404/405/408 answers all build their body here, so the
 * shape the OpenAPI document names (`Error`) has one home.
 */
export interface JsonErrorOptions {
  /** Field name → messages (a VALIDATION refusal). */
  fieldErrors?: Record<string, string[]>;
  /** Headers of the answer (Retry-After, Allow, Cache-Control…). */
  headers?: HeadersInit;
  /** Further fields of the answer (a refusal's own data, such as NAME_CLOSE_TO_LISTED's `suggestion`). */
  details?: Record<string, unknown>;
}

export function jsonError(status: number, code: string, message: string, options: JsonErrorOptions = {}): Response {
  const body = {
    code,
    message,
    ...(options.fieldErrors && { fieldErrors: options.fieldErrors }),
    ...options.details,
  };
  return Response.json(body, { status, headers: options.headers });
}

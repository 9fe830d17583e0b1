/**
 * Typed domain errors. Domain functions throw these; they are mapped once to
 * a `{ code, message }` JSON body for the API and to a form reply or toast
 * for HTML routes.
 */
export type DomainErrorCode =
  | "NOT_FOUND"
  | "FORBIDDEN"
  | "CONFLICT"
  | "VALIDATION"
  | "UNAUTHORIZED"
  | "RATE_LIMITED"
  | "BAD_REQUEST";

const STATUS: Record<DomainErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
};

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly status: number;
  /** Field name → messages, for VALIDATION errors. */
  readonly fieldErrors?: Record<string, string[]>;
  /** Headers the answer carries, whichever surface answers (JSON API or screen): `Retry-After` on RATE_LIMITED. */
  readonly headers?: Record<string, string>;

  constructor(
    code: DomainErrorCode,
    message: string,
    fieldErrors?: Record<string, string[]>,
    headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.status = STATUS[code];
    this.fieldErrors = fieldErrors;
    this.headers = headers;
  }
}

export const notFound = (message = "Not Found") => new DomainError("NOT_FOUND", message);
export const forbidden = (message = "You are not allowed to do that.") => new DomainError("FORBIDDEN", message);
export const conflict = (message: string) => new DomainError("CONFLICT", message);
export const validationError = (message: string, fieldErrors?: Record<string, string[]>) =>
  new DomainError("VALIDATION", message, fieldErrors);
export const unauthorized = (message = "Sign in to continue.") => new DomainError("UNAUTHORIZED", message);
/** Too many attempts: the answer tells the client when to try again (`Retry-After`, in whole seconds, at least 1). */
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new DomainError("RATE_LIMITED", message, undefined, {
    "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const badRequest = (message: string) => new DomainError("BAD_REQUEST", message);

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

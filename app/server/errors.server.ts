/**
 * Typed domain errors: the one error type every domain function throws
 * (ADR 223). They are mapped once to a `{ code, message }` JSON body for the
 * API (`web/api.server.ts`) and to a form reply or toast for HTML routes
 * (`web/screen-errors.server.ts`).
 *
 * Each code has one status. Besides the general codes, the student API names
 * a few refusals of its own (a stopped class code is 410 Gone), which the
 * student app tells apart by their code.
 */
const STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** An archived account, or one of an archived school (the staff API). */
  BLOCKED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  // The student API's own codes (docs/api.md).
  CLASS_CODE_NOT_FOUND: 404,
  NAME_NOT_ON_LIST: 403,
  /** The typed name is close to a name on the class list: "Are you …?" (issue 36). */
  NAME_CLOSE_TO_LISTED: 409,
  JOIN_REFUSED: 403,
  CLASS_CODE_EXPIRED: 410,
  CLASS_CODE_STOPPED: 410,
  /** A sign-in card's QR code that no longer works (made again, the child left the class, issue 36). */
  CARD_NOT_VALID: 410,
  JOIN_REQUEST_GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  QUOTA_EXCEEDED: 429,
  CONTENT_UNAVAILABLE: 503,
  /** No database connection came free in time (the pool's wait, issue #35): try again shortly. */
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type DomainErrorCode = keyof typeof STATUS;

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly status: number;
  /** Field name → messages, for VALIDATION errors. */
  readonly fieldErrors?: Record<string, string[]>;
  /** Further fields of the JSON answer besides `code` and `message` (NAME_CLOSE_TO_LISTED's `suggestion`). */
  details?: Record<string, unknown>;
  /** Headers the answer carries, whichever surface answers (JSON API or screen): `Retry-After` on RATE_LIMITED, `WWW-Authenticate` on a student token refused. */
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

/**
 * pg-pool's error when no connection came free within its connectionTimeoutMillis (drizzle wraps
 * it as the cause of a DrizzleQueryError): the server is busy, not broken (issue #35).
 */
export function isPoolTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current.message === "timeout exceeded when trying to connect") return true;
    current = current.cause;
  }
  return false;
}

/** The database-down answer's words (app/server/web/middleware.server.ts), in the common catalogue. */
export const UNAVAILABLE_MESSAGE =
  "The classroom's database is not answering. Nothing saved is lost. Please try again in a minute.";

/** What a pool timeout answers: 503 with Retry-After, never a 500. */
export const serviceBusy = () =>
  new DomainError("SERVICE_UNAVAILABLE", UNAVAILABLE_MESSAGE, undefined, {
    "Retry-After": "5",
    "Cache-Control": "no-store",
  });

/**
 * PostgreSQL's unique_violation (23505), as thrown by pg and by PGlite,
 * possibly wrapped by drizzle's query error.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === "23505") {
      if (!constraint) return true;
      return candidate.constraint === constraint || String(candidate.message ?? "").includes(constraint);
    }
    current = candidate.cause;
  }
  return false;
}

/**
 * The statuses the schema stores (app/server/db/schema.server.ts types its
 * columns with these). Screens, zod enums and domain types take them from
 * here, never as a hand-typed union (ADR 225).
 */

/** A school, user or class: in use, or archived (blocked, kept for the record). */
export const RECORD_STATUSES = ["active", "archived"] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** An assignment: assigned (not started), active (taking answers), completed (closed). */
export const ASSIGNMENT_STATUSES = ["assigned", "active", "completed"] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

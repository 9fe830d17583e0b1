/**
 * The whole domain in one drizzle `pg-core` schema. The same schema runs on
 * embedded PGlite and on PostgreSQL; `drizzle-kit generate` turns it into the
 * committed migrations in `drizzle/`.
 *
 * ON DELETE rules, deliberately:
 * - schools are archived, never deleted: references to a school RESTRICT.
 * - a user's own rows (credentials, sessions, tokens) CASCADE with the user;
 *   what a user did (audit, created_by) is kept and SET NULL.
 * - a class owns its teachers list, roster, codes and assignments: CASCADE.
 * - a student owns their contacts, memberships, tokens and responses: CASCADE.
 * - a survey that has assignments cannot vanish from under them: RESTRICT.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

import { ASSIGNMENT_STATUSES, type AssignmentStatus, RECORD_STATUSES, type RecordStatus } from "../../lib/statuses";

export { ASSIGNMENT_STATUSES, type AssignmentStatus, RECORD_STATUSES, type RecordStatus };

export const schools = pgTable(
  "schools",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    status: text("status").$type<RecordStatus>().notNull().default("active"),
    /** Responses and drawings older than this are deleted by the retention job (docs/product.md#privacy). */
    retentionMonths: integer("retention_months").notNull().default(24),
    /** Anonymous results stay hidden until at least this many students have responded (docs/product.md#small-group-protection). */
    minGroupSize: integer("min_group_size").notNull().default(5),
    /** The school's Google Workspace domain: first OIDC sign-ins link only to staff the provider says belong to it (`hd`). */
    googleDomain: text("google_domain"),
    /** The school's Microsoft Entra tenant id: first OIDC sign-ins link only to staff of that tenant (`tid`). */
    microsoftTenantId: text("microsoft_tenant_id"),
    /** Staff must sign in through the school's provider; passwords are refused for them (never for the platform admin). */
    requireProviderSignIn: boolean("require_provider_sign_in").notNull().default(false),
    /** The school's default language for staff screens (a locale such as "de"); null: the reader's browser decides. */
    locale: text("locale"),
    /** The school's IANA time zone ("Europe/Berlin") for scheduled surveys; null: the deployment's SCHOOL_TIME_ZONE. */
    timeZone: text("time_zone"),
    /** A school made by a teacher's own sign-up (ADR on self sign-up), not by a platform admin. */
    selfSignedUp: boolean("self_signed_up").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("schools_status_check", sql`${t.status} in ('active', 'archived')`),
    check("schools_retention_months_check", sql`${t.retentionMonths} between 1 and 120`),
    check("schools_min_group_size_check", sql`${t.minGroupSize} between 3 and 100`),
    uniqueIndex("schools_name_unique").on(sql`lower(${t.name})`),
    uniqueIndex("schools_google_domain_unique").on(sql`lower(${t.googleDomain})`),
    uniqueIndex("schools_microsoft_tenant_unique").on(sql`lower(${t.microsoftTenantId})`),
  ],
);

export const USER_ROLES = ["admin", "teacher"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role").$type<UserRole>().notNull().default("teacher"),
    status: text("status").$type<RecordStatus>().notNull().default("active"),
    schoolId: integer("school_id").references(() => schools.id, { onDelete: "restrict" }),
    /** The staff member's own language choice (profile menu); null: the school's default, then Accept-Language. */
    locale: text("locale"),
    /** The school information system's id of this person (OneRoster `sourcedId`, issue 39.2); null when not imported. */
    sourcedId: text("sourced_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_school_sourced_id_unique").on(t.schoolId, t.sourcedId).where(sql`${t.sourcedId} is not null`),
    index("users_school_id_idx").on(t.schoolId),
    check("users_role_check", sql`${t.role} in ('admin', 'teacher')`),
    check("users_status_check", sql`${t.status} in ('active', 'archived')`),
  ],
);

/** A staff member's account at an OpenID Connect provider, keyed on issuer and subject, never on e-mail alone. */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The configured provider's id ("google", "microsoft" or a deployment's own). */
    provider: text("provider").notNull(),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    /** Microsoft's tenant id (`tid`), or Google's hosted domain (`hd`), as the provider said at linking. */
    tenant: text("tenant"),
    email: text("email"),
    createdAt: createdAt(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("user_identities_issuer_subject_unique").on(t.issuer, t.subject),
    index("user_identities_user_id_idx").on(t.userId),
  ],
);

/** A link a school admin shares: whoever signs up through it joins that school as a teacher. */
export const schoolInvitations = pgTable(
  "school_invitations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    /** SHA-256 of the link's random token; the raw token is never stored. */
    tokenHash: text("token_hash").notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    useCount: integer("use_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("school_invitations_token_unique").on(t.tokenHash),
    index("school_invitations_school_id_idx").on(t.schoolId),
  ],
);

export const credentials = pgTable("credentials", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  passwordHash: text("password_hash").notNull(),
  updatedAt: updatedAt(),
});

export type SessionMethod = "password" | "provider";

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the random id the cookie carries; the raw id is never stored. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** How the session began: "password", or "provider" (a school's provider sign-in; ADR 211). */
    method: text("method").$type<SessionMethod>().notNull().default("password"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export const VERIFICATION_PURPOSES = ["verify-email", "reset-password", "invite"] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

export const verificationTokens = pgTable(
  "verification_tokens",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<VerificationPurpose>().notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("verification_tokens_hash_unique").on(t.tokenHash),
    index("verification_tokens_user_id_idx").on(t.userId),
    check("verification_tokens_purpose_check", sql`${t.purpose} in ('verify-email', 'reset-password', 'invite')`),
  ],
);

export const classes = pgTable(
  "classes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "restrict" }),
    status: text("status").$type<RecordStatus>().notNull().default("active"),
    /** How children prove who they are when they join (docs/product.md#student-identity). */
    joinMode: text("join_mode").$type<JoinMode>().notNull().default("name"),
    /** What happens to a name that is not on the roster. */
    newNames: text("new_names").$type<NewNamesRule>().notNull().default("allow"),
    /** The class's language for student pages and surveys (a locale such as "de"); null: the school's default. */
    locale: text("locale"),
    /** The year or grade the class belongs to ("Year 5", "4b"), free text; groups classes in the school's views. */
    yearGroup: text("year_group"),
    /** The school information system's id of this class (OneRoster `sourcedId`, issue 39.2); null when not imported. */
    sourcedId: text("sourced_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("classes_school_id_idx").on(t.schoolId),
    uniqueIndex("classes_school_sourced_id_unique").on(t.schoolId, t.sourcedId).where(sql`${t.sourcedId} is not null`),
    check("classes_status_check", sql`${t.status} in ('active', 'archived')`),
    check("classes_join_mode_check", sql`${t.joinMode} in ('name', 'personal-code')`),
    check("classes_new_names_check", sql`${t.newNames} in ('allow', 'hold', 'refuse')`),
  ],
);

/** "name": class code and name (quickest); "personal-code": class code and the child's personal code only. */
export const JOIN_MODES = ["name", "personal-code"] as const;
export type JoinMode = (typeof JOIN_MODES)[number];
/** A name not on the roster: joins at once, waits for the teacher, or is refused. */
export const NEW_NAMES_RULES = ["allow", "hold", "refuse"] as const;
export type NewNamesRule = (typeof NEW_NAMES_RULES)[number];

export const CLASS_TEACHER_ROLES = ["owner", "co-teacher"] as const;
export type ClassTeacherRole = (typeof CLASS_TEACHER_ROLES)[number];

export const classTeachers = pgTable(
  "class_teachers",
  {
    classId: integer("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<ClassTeacherRole>().notNull().default("owner"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.userId] }),
    index("class_teachers_user_id_idx").on(t.userId),
    check("class_teachers_role_check", sql`${t.role} in ('owner', 'co-teacher')`),
    // A class has one owner at most; the domain passes ownership on when the owner leaves (ADR 111).
    uniqueIndex("class_teachers_one_owner").on(t.classId).where(sql`${t.role} = 'owner'`),
  ],
);

export const students = pgTable(
  "students",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "restrict" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /**
     * The child's short personal sign-in code, printed on their card. Kept
     * readable because the teacher prints it again; unique within a school.
     */
    personalCode: text("personal_code"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    /** The school information system's id of this student (OneRoster `sourcedId`, issue 39.2); null when not imported. */
    sourcedId: text("sourced_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("students_school_id_idx").on(t.schoolId),
    // The results screen's first 200 names of a class's respondents: walked in name order, stopping at the limit.
    index("students_school_name_idx").on(t.schoolId, t.lastName, t.firstName, t.id),
    uniqueIndex("students_school_sourced_id_unique").on(t.schoolId, t.sourcedId).where(sql`${t.sourcedId} is not null`),
    uniqueIndex("students_school_personal_code_unique")
      .on(t.schoolId, t.personalCode)
      .where(sql`${t.personalCode} is not null`),
  ],
);

export const studentContacts = pgTable(
  "student_contacts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    name: text("name").notNull(),
    relationship: text("relationship"),
    email: text("email"),
    phonePrimary: text("phone_primary"),
    phoneSecondary: text("phone_secondary"),
    notes: text("notes"),
    createdAt: createdAt(),
  },
  (t) => [index("student_contacts_student_id_idx").on(t.studentId)],
);

export const classCodes = pgTable(
  "class_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    classId: integer("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    // At most one live (not stopped) code per class, and live codes are unique.
    uniqueIndex("class_codes_one_live_per_class").on(t.classId).where(sql`${t.stoppedAt} is null`),
    uniqueIndex("class_codes_live_code_unique").on(t.code).where(sql`${t.stoppedAt} is null`),
  ],
);

export const classStudents = pgTable(
  "class_students",
  {
    classId: integer("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    joinedWithCodeId: integer("joined_with_code_id").references(() => classCodes.id, {
      onDelete: "set null",
    }),
    /**
     * Not on the class list before joining: a made-up name, let in at once or
     * admitted by the teacher (ADR 235). Their drawings have a smaller share of
     * the class's and school's quotas of their own.
     */
    unlisted: boolean("unlisted").notNull().default(false),
    /**
     * A new name that joined while close to a name on the class list ("Zara
     * Newkyd" when "Zara Newkid" is listed, issue 36): that listed student, so
     * the teacher sees it and can remove the one that is not real.
     */
    closeToStudentId: integer("close_to_student_id").references(() => students.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.studentId] }),
    index("class_students_student_id_idx").on(t.studentId),
    index("class_students_joined_with_code_idx").on(t.joinedWithCodeId),
  ],
);

export const surveys = pgTable(
  "surveys",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    fullSlug: text("full_slug").notNull(),
    title: text("title").notNull().default(""),
    /** Set when a sync no longer finds the story in the content source. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("surveys_full_slug_unique").on(t.fullSlug)],
);

/**
 * A series: the same survey given to one class in rounds ("every 2 weeks until 20 March"). Each round is an
 * assignment of its own, with its own results, linked to the others by `assignments.series_id`.
 */
export const assignmentSeries = pgTable(
  "assignment_series",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    classId: integer("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    surveyId: integer("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "restrict" }),
    anonymous: boolean("anonymous").notNull().default(false),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("assignment_series_class_id_idx").on(t.classId)],
);

export const assignments = pgTable(
  "assignments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    classId: integer("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    surveyId: integer("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "restrict" }),
    status: text("status").$type<AssignmentStatus>().notNull().default("assigned"),
    anonymous: boolean("anonymous").notNull().default(false),
    startedAt: timestamp("started_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** Scheduled opening and closing (null: by hand). Whether it is open is computed when read. */
    opensAt: timestamp("opens_at", { withTimezone: true }),
    closesAt: timestamp("closes_at", { withTimezone: true }),
    /** The series this assignment is a round of (null: a single assignment). */
    seriesId: integer("series_id").references(() => assignmentSeries.id, { onDelete: "set null" }),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    /** A survey is assigned to a class once, except as the rounds of a series. */
    uniqueIndex("assignments_class_survey_unique").on(t.classId, t.surveyId).where(sql`${t.seriesId} is null`),
    index("assignments_series_id_idx").on(t.seriesId),
    index("assignments_survey_id_idx").on(t.surveyId),
    check("assignments_status_check", sql`${t.status} in ('assigned', 'active', 'completed')`),
  ],
);

export const responses = pgTable(
  "responses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    assignmentId: integer("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    /** Answers keyed by the content block's `_uid`. */
    answers: jsonb("answers").$type<Record<string, unknown>>().notNull().default({}),
    idempotencyKey: text("idempotency_key"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the answering page whose answers these are was served (its form
     * token says; the student API's submissions: when they arrived). A
     * submission from a page served before this one is older than what is
     * stored and changes nothing (issue #37): an outbox sending late never
     * overwrites a newer edit.
     */
    servedAt: timestamp("served_at", { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * Release bookkeeping of anonymous assignments (ADR 188), set by the
     * triggers of drizzle/0007: the change number of the answers' latest
     * version, and of the response's first. Never written by the app.
     */
    changeSeq: bigint("change_seq", { mode: "number" }).notNull().default(0),
    firstSeq: bigint("first_seq", { mode: "number" }).notNull().default(0),
    /**
     * The student-app sign-in (device) that last sent the answers. An
     * anonymous assignment's answers, and whether and when they were sent,
     * are shown back only on that device (issue #35): a teacher who signs in
     * as a child with a fresh personal code sees the survey as unanswered.
     */
    sentByTokenId: integer("sent_by_token_id").references(() => studentTokens.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("responses_assignment_student_unique").on(t.assignmentId, t.studentId),
    // An anonymous assignment's answers not yet released: those changed after its last release.
    index("responses_assignment_change_seq_idx").on(t.assignmentId, t.changeSeq),
    index("responses_student_id_idx").on(t.studentId),
    index("responses_submitted_at_idx").on(t.submittedAt),
    // A deleted sign-in (retention, a student's deletion) clears its responses' references.
    index("responses_sent_by_token_idx").on(t.sentByTokenId),
    // The results screen's latest written answers: newest first within an assignment.
    index("responses_assignment_submitted_idx").on(t.assignmentId, t.submittedAt.desc(), t.id.desc()),
  ],
);

/**
 * Every submission a student made to an assignment, by its key (the student
 * API's Idempotency-Key, the answering page's form key), once (issue #37):
 * the same key again changes nothing and is answered as the first was. Written
 * in the submission's transaction, the key first: the primary key makes
 * parallel replays wait for the first and then find it. No answers of its own
 * (a digest, to refuse the key with other answers), and it goes with its
 * response (retention, a student's deletion).
 */
export const submissionKeys = pgTable(
  "submission_keys",
  {
    assignmentId: integer("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** sha256 of what the submission sent (blank text left out). */
    answersDigest: text("answers_digest").notNull(),
    /** The response it was answered with (null only inside its own transaction). */
    responseId: integer("response_id").references(() => responses.id, { onDelete: "cascade" }),
    /**
     * When it was stored; null when it changed nothing (a newer edit was
     * kept) and for anonymous assignments (no times of their answers: issue #35).
     */
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** It came from a page older than the stored answers, which were kept. */
    kept: boolean("kept").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.studentId, t.key] }),
    index("submission_keys_response_id_idx").on(t.responseId),
    index("submission_keys_student_id_idx").on(t.studentId),
  ],
);

/**
 * Running totals of `responses`, kept by statement-level triggers on that
 * table (drizzle/0004_response_tallies.sql, ADR 066), so the results screen
 * reads a few rows whether an assignment has 30 responses or 5,000. Every
 * way a response changes (submission, replacement, a student's deletion,
 * retention, a class's or assignment's cascade) goes through the triggers;
 * the application never writes this table.
 *
 * One row per (assignment, question, value key):
 * - question '' and key '': how many responses the assignment has;
 * - key '': how many responses answered the question (not null, not blank);
 * - `n:<number>`, `b:<boolean>`, `s:<md5 of the text>`: how many gave that value.
 *
 * No foreign key: an assignment's deletion cascades to its responses, whose
 * trigger then takes every count to zero, and zero rows are deleted.
 */
export const responseTallies = pgTable(
  "response_tallies",
  {
    assignmentId: integer("assignment_id").notNull(),
    questionUid: text("question_uid").notNull(),
    valueKey: text("value_key").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.questionUid, t.valueKey] })],
);

/**
 * What teachers and admins may see of an anonymous assignment's answers
 * (ADR 188): the release, a frozen copy made when at least the school's
 * small-group threshold of new respondents have answered since the previous
 * one (changes and deletions do not count: issue #35). The triggers of
 * drizzle/0007_anonymous_releases.sql (the rule as of 0011) make releases;
 * the app only reads them (app/server/assignments/releases.server.ts).
 */
export const anonymousReleases = pgTable("anonymous_releases", {
  assignmentId: integer("assignment_id")
    .primaryKey()
    .references(() => assignments.id, { onDelete: "cascade" }),
  /** The highest responses.change_seq the release holds; later changes are not released. */
  releasedThrough: bigint("released_through", { mode: "number" }).notNull().default(0),
  /** When the answers now shown were released; null while none are. */
  releasedAt: timestamp("released_at", { withTimezone: true }),
  /** How many answers the release holds. */
  answerCount: integer("answer_count").notNull().default(0),
  /** Released responses deleted since (a student's deletion, retention); kept for the record, no longer part of the rule (drizzle/0011). */
  removedSinceRelease: integer("removed_since_release").notNull().default(0),
});

/** The released answers of an anonymous assignment: no student, no time, in a random order fixed at release. */
export const releasedAnswers = pgTable(
  "released_answers",
  {
    assignmentId: integer("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    answers: jsonb("answers").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.position] })],
);

/** The released answers' totals, keyed as response_tallies are (ADR 066), so the results screen reads a few rows. */
export const releasedTallies = pgTable(
  "released_tallies",
  {
    assignmentId: integer("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    questionUid: text("question_uid").notNull(),
    valueKey: text("value_key").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.questionUid, t.valueKey] })],
);

/**
 * The live results' change counter (drizzle/0009_live_results.sql, ADR 205):
 * one row per assignment, its `seq` renumbered from the sequence
 * `assignment_change_seq` by triggers whenever a response of the
 * assignment is written or deleted, its status changes or an answer is
 * revealed. The same triggers send `pg_notify('assignment_changes', id)`.
 * The poll mode (LIVE_RESULTS_MODE=poll, for poolers that cannot LISTEN)
 * reads this table; the app never writes it.
 */
export const assignmentChanges = pgTable("assignment_changes", {
  assignmentId: integer("assignment_id")
    .primaryKey()
    .references(() => assignments.id, { onDelete: "cascade" }),
  seq: bigint("seq", { mode: "number" }).notNull(),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Reminders a teacher sent for an assignment (issue 38): one row per send,
 * with how many children it reached (a named assignment: those who had not
 * answered; an anonymous one: the whole class, for as long as it is open,
 * so nothing tells who answered).
 */
export const assignmentReminders = pgTable(
  "assignment_reminders",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    assignmentId: integer("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    sentByUserId: integer("sent_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** True when sent for an anonymous assignment: shown to the whole class. */
    toWholeClass: boolean("to_whole_class").notNull(),
    remindedCount: integer("reminded_count").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("assignment_reminders_assignment_id_idx").on(t.assignmentId, t.sentAt)],
);

/**
 * The children of a named assignment a reminder reached: their student page
 * (and the student API) says "Your teacher is waiting for your answers to …"
 * until they answer or the assignment closes.
 */
export const studentReminders = pgTable(
  "student_reminders",
  {
    assignmentId: integer("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    remindedAt: timestamp("reminded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.studentId] }),
    index("student_reminders_student_id_idx").on(t.studentId),
  ],
);

/**
 * A class's change counters for its live class home (issue 36): the triggers
 * of drizzle/0015 bump them and NOTIFY `class_changes` when the class's join
 * requests or its roster change; the poll mode (LIVE_RESULTS_MODE=poll) reads
 * them instead of listening.
 */
export const classChanges = pgTable("class_changes", {
  classId: integer("class_id")
    .primaryKey()
    .references(() => classes.id, { onDelete: "cascade" }),
  /** Moves with every change of the class's join requests (a device asks, is admitted or refused, leaves). */
  joinRequestsSeq: bigint("join_requests_seq", { mode: "number" }).notNull().default(0),
  /** Moves with every change of the class list (a child added, removed). */
  rosterSeq: bigint("roster_seq", { mode: "number" }).notNull().default(0),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Free-text answers and drawings the teacher has shown on the projector
 * (a child's words never reach the wall unchecked). `answerRef` names the
 * answer: `r:<response id>` for a named assignment, `p:<released position>`
 * for an anonymous one; `questionUid` the question.
 */
export const resultReveals = pgTable(
  "result_reveals",
  {
    assignmentId: integer("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    questionUid: text("question_uid").notNull(),
    answerRef: text("answer_ref").notNull(),
    revealedByUserId: integer("revealed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    revealedAt: timestamp("revealed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.questionUid, t.answerRef] })],
);

export const studentTokens = pgTable(
  "student_tokens",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    classId: integer("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** "browser": the student pages' cookie session; "app": the student API's bearer token. Neither works as the other. */
    kind: text("kind").$type<StudentTokenKind>().notNull().default("app"),
    /** After this the token works nowhere. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull().default(sql`now() + interval '8 hours'`),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("student_tokens_hash_unique").on(t.tokenHash),
    index("student_tokens_student_id_idx").on(t.studentId),
    check("student_tokens_kind_check", sql`${t.kind} in ('browser', 'app')`),
  ],
);

/**
 * The QR code of a printed sign-in card (issue 36): a long random token (only its SHA-256 kept),
 * one per student and class, so a card keeps working for its child while the child is in the class,
 * whatever the class code does. Revoked when the child leaves the class, gets a new personal code,
 * or the teacher makes the cards again; the class's archiving revokes them for good.
 */
export const signInCards = pgTable(
  "sign_in_cards",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    classId: integer("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("sign_in_cards_token_hash_unique").on(t.tokenHash),
    index("sign_in_cards_class_student_idx").on(t.classId, t.studentId),
  ],
);

export const STUDENT_TOKEN_KINDS = ["browser", "app"] as const;
export type StudentTokenKind = (typeof STUDENT_TOKEN_KINDS)[number];

export const JOIN_REQUEST_STATUSES = ["waiting", "admitted", "refused", "collected"] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

/**
 * A device that asked to join as a student it could not prove to be: a
 * rostered child who already joined elsewhere (or has answers), or a new
 * name the class holds for the teacher. The teacher admits or refuses it;
 * the waiting device holds the request's secret (stored hashed) and
 * collects its student token once admitted.
 */
export const joinRequests = pgTable(
  "join_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    classId: integer("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    /** The rostered student the device asks to be; null for a new name. */
    studentId: integer("student_id").references(() => students.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    secretHash: text("secret_hash").notNull(),
    /** Which kind of token the device collects once admitted. */
    tokenKind: text("token_kind").$type<StudentTokenKind>().notNull().default("browser"),
    status: text("status").$type<JoinRequestStatus>().notNull().default("waiting"),
    classCodeId: integer("class_code_id").references(() => classCodes.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedByUserId: integer("decided_by_user_id").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** The waiting device's own id (join-device cookie or X-Device-Id): one waiting request per device. */
    deviceId: text("device_id"),
    /** Browser and system from the User-Agent ("Chrome", "Android"), so the teacher can tell devices apart. */
    deviceBrowser: text("device_browser"),
    deviceSystem: text("device_system"),
    /** When the waiting device last asked (its page or app polls); a device unseen for a while stopped waiting. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("join_requests_secret_unique").on(t.secretHash),
    index("join_requests_device_id_idx").on(t.deviceId),
    index("join_requests_class_status_idx").on(t.classId, t.status),
    index("join_requests_student_id_idx").on(t.studentId),
    check("join_requests_status_check", sql`${t.status} in ('waiting', 'admitted', 'refused', 'collected')`),
    check("join_requests_token_kind_check", sql`${t.tokenKind} in ('browser', 'app')`),
  ],
);

export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorStudentId: integer("actor_student_id").references(() => students.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    schoolId: integer("school_id").references(() => schools.id, { onDelete: "set null" }),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_events_created_at_idx").on(t.createdAt),
    index("audit_events_school_id_idx").on(t.schoolId, t.createdAt),
    index("audit_events_actor_idx").on(t.actorUserId),
  ],
);

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_to_idx").on(t.to)],
);

/**
 * Drawing answers (response-art) uploaded through the student API (docs/api.md#drawings):
 * the PNG itself is kept in the database, so app instances stay stateless
 * (docs/decisions/050-student-api.md). A response's answers name a drawing
 * as `{ drawingId }`.
 */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

export const responseDrawings = pgTable(
  "response_drawings",
  {
    /** Random, unguessable: it appears in answers and in the teacher's image URL. */
    id: text("id").primaryKey(),
    assignmentId: integer("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    /** The response-art block's `_uid`. */
    fieldUid: text("field_uid").notNull(),
    png: bytea("png").notNull(),
    byteSize: integer("byte_size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("response_drawings_assignment_student_idx").on(t.assignmentId, t.studentId),
    index("response_drawings_student_id_idx").on(t.studentId),
  ],
);

/**
 * A teacher's class list from a file (issue 39.1): CSV text -> rows -> a plan
 * (new students, students who get contacts, students not in the file, rows
 * with problems) -> the plan applied. The preview and the confirm both run
 * parse and plan on the same posted text; the confirm carries the preview's
 * fingerprint and is refused when the plan it would apply is not the one the
 * teacher saw (the class list changed in between). Nothing is kept on the
 * server between the two requests.
 *
 * Names go through the roster's own schema (`studentSchema`: the
 * normalisation and allow-list of ~/lib/student-name) and are matched to the
 * class list by how they look (`nameSkeletonKeys`), as joining does.
 *
 * The file's contents never reach a log or an error message: a problem names
 * its line and what is wrong, never the cell; the audit event has counts only.
 */
import { createHash } from "node:crypto";
import { CsvError, parse } from "csv-parse/sync";
import { and, eq, inArray } from "drizzle-orm";
import { type ContactInput, type StudentInput, studentSchema } from "~/lib/schemas/classroom";
import { findForbiddenCharacter } from "~/lib/schemas/text";
import { MAX_CONTACTS } from "~/lib/student-contacts";
import { openAnonymousSurveysDetail } from "../audit/anonymous-roster.server";
import { recordClassAuditEvent } from "../audit/audit.server";
import type { Actor } from "../classes/class-scope.server";
import { getClass } from "../classes/classes.server";
import type { Db, Tx } from "../db/client.server";
import { classStudents, signInCards, studentContacts, students } from "../db/schema.server";
import { badRequest, conflict, isDomainError } from "../errors.server";
import { revokeSignInCards } from "./card-tokens.server";
import { nameSkeletonKeys } from "./name-skeleton.server";
import { listStudentsWithContacts, type StudentWithContacts } from "./students.server";

/** The largest file or pasted text: 1,000 rows with a contact each fit several times over. */
export const MAX_ROSTER_CSV_BYTES = 512 * 1024;
/** The most rows (after the header) one import takes. */
export const MAX_ROSTER_ROWS = 1000;

export const ROSTER_FIELDS = [
  "firstName",
  "lastName",
  "contactName",
  "contactRelationship",
  "contactEmail",
  "contactPhone",
] as const;
export type RosterField = (typeof ROSTER_FIELDS)[number];
/** Which column (0-based) holds each field; null when the file has none. */
export type RosterColumns = Record<RosterField, number | null>;
/** The teacher's choices on the preview: a column, "none" (null), or not chosen (undefined: matched by header). */
export type RosterColumnChoice = Partial<Record<RosterField, number | null>>;

/** Header words of each field in the six languages (en de fr es pl ar), compared as `headerKey` makes them. */
const HEADER_WORDS: Record<RosterField, readonly string[]> = {
  firstName: [
    "first name",
    "firstname",
    "given name",
    "forename",
    "vorname",
    "prénom",
    "nombre",
    "nombres",
    "imię",
    "الاسم الأول",
    "الاسم",
  ],
  lastName: [
    "last name",
    "lastname",
    "surname",
    "family name",
    "nachname",
    "familienname",
    "nom",
    "nom de famille",
    "apellido",
    "apellidos",
    "nazwisko",
    "اسم العائلة",
    "الكنية",
    "اللقب",
  ],
  contactName: [
    "guardian",
    "guardian name",
    "parent",
    "parent name",
    "contact",
    "contact name",
    "erziehungsberechtigte",
    "erziehungsberechtigter",
    "elternteil",
    "kontakt",
    "responsable",
    "nom du responsable",
    "tutor",
    "nombre del tutor",
    "contacto",
    "opiekun",
    "imię opiekuna",
    "rodzic",
    "ولي الأمر",
    "اسم ولي الأمر",
  ],
  contactRelationship: [
    "relationship",
    "relation",
    "beziehung",
    "verwandtschaft",
    "lien",
    "lien de parenté",
    "parentesco",
    "relación",
    "pokrewieństwo",
    "relacja",
    "صلة القرابة",
    "القرابة",
  ],
  contactEmail: [
    "email",
    "e-mail",
    "guardian email",
    "e-mail-adresse",
    "courriel",
    "adresse e-mail",
    "correo",
    "correo electrónico",
    "adres e-mail",
    "البريد الإلكتروني",
  ],
  contactPhone: [
    "phone",
    "telephone",
    "mobile",
    "guardian phone",
    "telefon",
    "handy",
    "téléphone",
    "portable",
    "teléfono",
    "móvil",
    "komórka",
    "numer telefonu",
    "الهاتف",
    "رقم الهاتف",
    "الجوال",
  ],
};

/** A header compared without case, accents, spaces or punctuation: "E-Mail" is "email", "Prénom" is "prenom". */
export function headerKey(header: string): string {
  return header
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

const FIELD_OF_KEY = new Map<string, RosterField>(
  ROSTER_FIELDS.flatMap((field) => HEADER_WORDS[field].map((word) => [headerKey(word), field] as const)),
);

/** The field a header names, in any of the six languages, or null. */
export function fieldOfHeader(header: string): RosterField | null {
  return FIELD_OF_KEY.get(headerKey(header)) ?? null;
}

/** The columns: the teacher's choice where made, else the first column whose header names the field. */
export function matchColumns(headers: readonly string[], choice: RosterColumnChoice = {}): RosterColumns {
  const columns = Object.fromEntries(ROSTER_FIELDS.map((field) => [field, null])) as RosterColumns;
  headers.forEach((header, index) => {
    const field = fieldOfHeader(header);
    if (field && columns[field] === null) columns[field] = index;
  });
  for (const field of ROSTER_FIELDS) {
    const chosen = choice[field];
    if (chosen === null) columns[field] = null;
    else if (chosen !== undefined && chosen < headers.length) columns[field] = chosen;
  }
  return columns;
}

/** A problem of a row or of the file: an English message (the catalogues' key) and its values. */
export interface RosterProblem {
  line: number;
  message: string;
  values?: Record<string, string | number>;
}
export interface RosterRow {
  line: number;
  student: StudentInput | null;
  problems: RosterProblem[];
}
export interface ParsedRoster {
  headers: string[];
  columns: RosterColumns;
  rows: RosterRow[];
}

/** The separator of the header line: Excel in much of Europe writes ";". */
function delimiterOf(text: string): string {
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const count = (character: string) => firstLine.split(character).length - 1;
  const candidates = [",", ";", "\t"].map((character) => [character, count(character)] as const);
  return candidates.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** The refusal of a file over MAX_ROSTER_CSV_BYTES (the route's for an uploaded file too). */
export const ROSTER_FILE_TOO_LARGE = `The file is larger than ${MAX_ROSTER_CSV_BYTES / 1024} KB. Split it into smaller files.`;
const tooLarge = () => badRequest(ROSTER_FILE_TOO_LARGE);

/** The file's rows, each checked on its own. Refuses (400) a file too large, too long, unreadable or empty. */
export function parseRosterCsv(text: string, choice: RosterColumnChoice = {}): ParsedRoster {
  if (Buffer.byteLength(text) > MAX_ROSTER_CSV_BYTES) throw tooLarge();
  const forbidden = findForbiddenCharacter(text.replace(/^\uFEFF/, ""), "multi-line");
  if (forbidden) {
    const line = text.slice(0, forbidden.index).split("\n").length;
    throw badRequest(`Line ${line} of the file contains a character that cannot be saved. Remove it and try again.`);
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
    }) as unknown as typeof records;
  } catch (error) {
    // The parser's message quotes the file: only its line goes on.
    const line = error instanceof CsvError ? Number((error as CsvError & { lines?: number }).lines) || 0 : 0;
    throw badRequest(`The file cannot be read as CSV (near line ${line}). Save it as CSV and try again.`);
  }
  if (records.length < 2) throw badRequest("The file has no rows: a header line, then one student per line.");
  if (records.length - 1 > MAX_ROSTER_ROWS) {
    throw badRequest(`At most ${MAX_ROSTER_ROWS} students in one import; this file has ${records.length - 1}.`);
  }
  const headers = records[0].record;
  const columns = matchColumns(headers, choice);
  const rows = records.slice(1).map(({ record, info }) => checkRow(record, info.lines, columns));
  return { headers, columns, rows };
}

function checkRow(record: string[], line: number, columns: RosterColumns): RosterRow {
  const cell = (field: RosterField) => {
    const index = columns[field];
    return index === null ? "" : (record[index] ?? "");
  };
  const problems: RosterProblem[] = [];
  const contactCells = [cell("contactName"), cell("contactRelationship"), cell("contactEmail"), cell("contactPhone")];
  const hasContact = contactCells.some((value) => value !== "");
  const parsed = studentSchema.safeParse({
    firstName: cell("firstName"),
    lastName: cell("lastName"),
    contacts: hasContact
      ? [
          {
            name: cell("contactName"),
            relationship: cell("contactRelationship"),
            email: cell("contactEmail"),
            phonePrimary: cell("contactPhone"),
          },
        ]
      : [],
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push({ line, message: issue.message });
    return { line, student: null, problems };
  }
  return { line, student: parsed.data, problems };
}

/** A class list row as the plan needs it. */
type RosterStudent = Pick<StudentWithContacts, "id" | "firstName" | "lastName" | "contacts">;

export interface RosterPlan {
  create: (StudentInput & { line: number })[];
  update: { line: number; id: number; firstName: string; lastName: string; addContacts: ContactInput[] }[];
  unchanged: number;
  missing: { id: number; firstName: string; lastName: string }[];
  problems: RosterProblem[];
  /** Identifies what the confirm would do: the preview's goes back with it. */
  fingerprint: string;
}

const contactKey = (contact: Pick<ContactInput, "name" | "email" | "phonePrimary">) =>
  [contact.name.toLowerCase(), contact.email?.toLowerCase() ?? "", contact.phonePrimary ?? ""].join("\u0000");

/** What importing the rows into a class with this list would do (pure). */
export function planRosterImport(rows: readonly RosterRow[], roster: readonly RosterStudent[]): RosterPlan {
  // Two names are the same when they share a skeleton key (sameLookingNames): a map per key, so a 1,000-row file is linear.
  const known = new Map<string, RosterStudent>();
  for (const student of roster) {
    for (const key of nameSkeletonKeys(student.firstName, student.lastName))
      if (!known.has(key)) known.set(key, student);
  }
  const seen = new Map<string, number>();
  const matched = new Set<number>();
  const plan: Omit<RosterPlan, "fingerprint"> = { create: [], update: [], unchanged: 0, missing: [], problems: [] };
  for (const row of rows) {
    plan.problems.push(...row.problems);
    if (!row.student) continue;
    const keys = nameSkeletonKeys(row.student.firstName, row.student.lastName);
    const twin = keys.map((key) => seen.get(key)).find((line) => line !== undefined);
    if (twin !== undefined) {
      plan.problems.push({ line: row.line, message: "The same name as line {line}.", values: { line: twin } });
      continue;
    }
    for (const key of keys) seen.set(key, row.line);
    const existing = keys.map((key) => known.get(key)).find((student) => student !== undefined);
    if (!existing) {
      plan.create.push({ ...row.student, line: row.line });
      continue;
    }
    matched.add(existing.id);
    const have = new Set(existing.contacts.map(contactKey));
    const addContacts = row.student.contacts.filter((contact) => !have.has(contactKey(contact)));
    if (addContacts.length === 0) plan.unchanged++;
    else if (existing.contacts.length + addContacts.length > MAX_CONTACTS) {
      plan.problems.push({
        line: row.line,
        message: "This student already has {count} contacts.",
        values: { count: MAX_CONTACTS },
      });
    } else {
      plan.update.push({
        line: row.line,
        id: existing.id,
        firstName: existing.firstName,
        lastName: existing.lastName,
        addContacts,
      });
    }
  }
  plan.missing = roster
    .filter((student) => !matched.has(student.id))
    .map(({ id, firstName, lastName }) => ({ id, firstName, lastName }));
  plan.problems.sort((a, b) => a.line - b.line);
  const fingerprint = createHash("sha256")
    .update(
      JSON.stringify([
        plan.create.map(({ firstName, lastName, contacts }) => [firstName, lastName, contacts]),
        plan.update.map(({ id, addContacts }) => [id, addContacts]),
        plan.missing.map(({ id }) => id),
      ]),
    )
    .digest("base64url");
  return { ...plan, fingerprint };
}

/** The preview: the file parsed and planned against the class list (404 for a class not the actor's). */
export async function previewRosterImport(
  db: Db | Tx,
  actor: Actor,
  classId: number,
  text: string,
  choice: RosterColumnChoice = {},
): Promise<ParsedRoster & { plan: RosterPlan }> {
  const roster = await listStudentsWithContacts(db as Db, actor, classId);
  const parsed = parseRosterCsv(text, choice);
  if (parsed.columns.firstName === null || parsed.columns.lastName === null) {
    const problem = { line: 1, message: "Choose the columns of the first and last names." };
    return { ...parsed, rows: [], plan: { ...planRosterImport([], roster), missing: [], problems: [problem] } };
  }
  return { ...parsed, plan: planRosterImport(parsed.rows, roster) };
}

export interface RosterImportResult {
  created: number;
  updated: number;
  removed: number;
  skipped: number;
}

/**
 * The confirm: the same text and column choice planned again, in one
 * transaction; refused (409) when the plan is not the previewed one. Removes
 * only students the plan lists as not in the file and the teacher ticked.
 */
export async function applyRosterImport(
  db: Db,
  actor: Actor,
  classId: number,
  input: { text: string; choice: RosterColumnChoice; fingerprint: string; remove: readonly number[] },
): Promise<RosterImportResult> {
  try {
    return await applyInTransaction(db, actor, classId, input);
  } catch (error) {
    if (isDomainError(error)) throw error;
    // A failed query's message carries its parameters (the file's names and contacts): only its kind goes on to the log.
    const code =
      (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
    throw new Error(`The class list import failed (${code ?? (error as Error).name ?? "unknown"}).`);
  }
}

async function applyInTransaction(
  db: Db,
  actor: Actor,
  classId: number,
  input: { text: string; choice: RosterColumnChoice; fingerprint: string; remove: readonly number[] },
): Promise<RosterImportResult> {
  return db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, classId);
    const { plan, rows, columns } = await previewRosterImport(tx, actor, classId, input.text, input.choice);
    if (columns.firstName === null || columns.lastName === null) {
      throw badRequest("Choose the columns of the first and last names.");
    }
    if (plan.fingerprint !== input.fingerprint) {
      throw conflict("The class list changed since the preview. Check the preview again.");
    }
    if (plan.create.length > 0) {
      const created = await tx
        .insert(students)
        .values(plan.create.map(({ firstName, lastName }) => ({ schoolId: klass.schoolId, firstName, lastName })))
        .returning({ id: students.id });
      await tx.insert(classStudents).values(created.map(({ id }) => ({ classId, studentId: id })));
      const contacts = plan.create.flatMap((student, index) =>
        student.contacts.map((contact, position) => ({ studentId: created[index].id, position, ...contact })),
      );
      if (contacts.length > 0) await tx.insert(studentContacts).values(contacts);
    }
    if (plan.update.length > 0) {
      const positions = await tx
        .select({ studentId: studentContacts.studentId, position: studentContacts.position })
        .from(studentContacts)
        .where(
          inArray(
            studentContacts.studentId,
            plan.update.map(({ id }) => id),
          ),
        );
      const next = (studentId: number) =>
        positions.filter((row) => row.studentId === studentId).reduce((max, row) => Math.max(max, row.position + 1), 0);
      await tx
        .insert(studentContacts)
        .values(
          plan.update.flatMap(({ id, addContacts }) =>
            addContacts.map((contact, offset) => ({ studentId: id, position: next(id) + offset, ...contact })),
          ),
        );
    }
    const removable = new Set(plan.missing.map(({ id }) => id));
    const remove = [...new Set(input.remove)].filter((id) => removable.has(id));
    if (remove.length > 0) {
      await tx
        .delete(classStudents)
        .where(and(eq(classStudents.classId, classId), inArray(classStudents.studentId, remove)));
      await revokeSignInCards(tx, and(eq(signInCards.classId, classId), inArray(signInCards.studentId, remove)));
    }
    const result = {
      created: plan.create.length,
      updated: plan.update.length,
      removed: remove.length,
      skipped: new Set(plan.problems.map(({ line }) => line)).size,
    };
    await recordClassAuditEvent(tx, actor, klass, {
      action: "student.import",
      details: {
        classId,
        rows: rows.length,
        unchanged: plan.unchanged,
        kept: plan.missing.length - remove.length,
        ...result,
        // Students added while an anonymous survey is open are shown to the school's admin (issue #35).
        ...(plan.create.length > 0 ? await openAnonymousSurveysDetail(tx, classId) : {}),
      },
    });
    return result;
  });
}

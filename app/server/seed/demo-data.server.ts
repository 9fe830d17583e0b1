/**
 * Deterministic, realistic demo data: the same rows on every run.
 * The demo accounts below are listed in README.md; they exist only in a
 * database seeded for demonstration (never by default in production).
 */
import { count, sql } from "drizzle-orm";
import { type AnswerField, listAnswerFields } from "~/lib/survey-content";
import { hashPassword } from "../auth/password.server";
import type { Db, Tx } from "../db/client.server";
import {
  type AssignmentStatus,
  assignments,
  classCodes,
  classes,
  classStudents,
  classTeachers,
  credentials,
  responses,
  schools,
  studentContacts,
  students,
  surveys,
  users,
} from "../db/schema.server";
import { createLocalContentSource } from "../surveys/local-source.server";
import { syncSurveyRegistry } from "../surveys/registry.server";

export const DEMO_ACCOUNTS = [
  {
    key: "platformAdmin",
    name: "Morgan Reyes",
    email: "admin@orliverse.example",
    password: "Orliverse-Admin-1",
    role: "admin",
    school: null,
    status: "active",
  },
  {
    key: "schoolAdmin",
    name: "Helen Carter",
    email: "head@riverside.example",
    password: "Riverside-Head-1",
    role: "admin",
    school: "riverside",
    status: "active",
  },
  {
    key: "teacher",
    name: "Amara Okafor",
    email: "amara.okafor@riverside.example",
    password: "Teacher-Pass-1",
    role: "teacher",
    school: "riverside",
    status: "active",
  },
  {
    key: "teacher2",
    name: "Daniel Murphy",
    email: "daniel.murphy@riverside.example",
    password: "Teacher-Pass-1",
    role: "teacher",
    school: "riverside",
    status: "active",
  },
  {
    key: "archivedTeacher",
    name: "Tomas Becker",
    email: "tomas.becker@riverside.example",
    password: "Teacher-Pass-1",
    role: "teacher",
    school: "riverside",
    status: "archived",
  },
  {
    key: "archivedSchoolTeacher",
    name: "Priya Shah",
    email: "priya.shah@hillcrest.example",
    password: "Teacher-Pass-1",
    role: "teacher",
    school: "hillcrest",
    status: "active",
  },
] as const;

export type DemoAccountKey = (typeof DEMO_ACCOUNTS)[number]["key"];

const CLASSES = [
  { name: "5A Sunflowers", school: "riverside", teacher: "teacher", students: 14 },
  { name: "5B Oak Tree", school: "riverside", teacher: "teacher", students: 14 },
  { name: "6 Maple", school: "riverside", teacher: "teacher2", students: 14 },
  { name: "4 Willow", school: "riverside", teacher: "teacher2", students: 13 },
  { name: "7 Cedar", school: "hillcrest", teacher: "archivedSchoolTeacher", students: 13 },
  { name: "8 Birch", school: "hillcrest", teacher: "archivedSchoolTeacher", students: 12 },
] as const;

const FIRST_NAMES = [
  "Aisha",
  "Ben",
  "Chloe",
  "Dmitri",
  "Ella",
  "Finn",
  "Grace",
  "Hamza",
  "Isla",
  "Jonah",
  "Kemi",
  "Liam",
  "Maya",
  "Noah",
  "Olivia",
  "Pavel",
  "Quinn",
  "Rosa",
  "Sami",
  "Tara",
  "Umar",
  "Vera",
  "Wes",
  "Xena",
  "Yusuf",
  "Zoe",
  "Amelie",
  "Bilal",
  "Carmen",
  "Dylan",
  "Elif",
  "Felix",
  "Hana",
  "Ibrahim",
  "Jade",
  "Kai",
  "Lena",
  "Mateo",
];
const LAST_NAMES = [
  "Adeyemi",
  "Brennan",
  "Costa",
  "Dubois",
  "Evans",
  "Fischer",
  "Garcia",
  "Hughes",
  "Ivanova",
  "Jensen",
  "Kowalski",
  "Larsen",
  "Moreau",
  "Nakamura",
  "O'Neill",
  "Petrov",
  "Quinn",
  "Rossi",
  "Schmidt",
  "Tanaka",
  "Usman",
  "Varga",
  "Walsh",
  "Yilmaz",
  "Zhang",
  "Novak",
  "Silva",
  "Lindqvist",
];
const RELATIONSHIPS = ["Mother", "Father", "Grandmother", "Guardian", "Aunt", ""];
const FREE_TEXT_ANSWERS = [
  "I liked working with my group.",
  "The break was too short today.",
  "I want to read more adventure books.",
  "Maths was hard but I tried my best.",
  "I felt happy because my friend helped me.",
  "More time outside please!",
  "The science experiment was my favourite part.",
  "I was a bit tired this morning.",
  "Our class is kind to each other.",
  "I would like quieter reading time.",
];

/** mulberry32: a small seeded PRNG, so every run makes the same data. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (maxExclusive: number) => Math.floor(next() * maxExclusive),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}

/** Fixed reference time for the demo's dates: deterministic but recent-looking. */
function demoNow(): Date {
  const now = new Date();
  now.setUTCHours(9, 0, 0, 0);
  return now;
}

const DAY_MS = 86_400_000;

export interface SeedSummary {
  schools: number;
  users: number;
  classes: number;
  students: number;
  surveys: number;
  assignments: number;
  responses: number;
}

/** Seeds the demo data into an empty database. Returns null when users already exist. */
export async function seedDemoData(db: Db, options: { contentDir: string }): Promise<SeedSummary | null> {
  const passwordHashes = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) {
    if (!passwordHashes.has(account.password))
      passwordHashes.set(account.password, await hashPassword(account.password));
  }
  const source = createLocalContentSource(options.contentDir);
  const stories = await source.listStories();
  await syncSurveyRegistry(db, source);

  return db.transaction(async (tx) => {
    // One seeder at a time, even with several instances starting together.
    await tx.execute(sql`select pg_advisory_xact_lock(7243118003)`);
    const [{ value: userCount }] = await tx.select({ value: count() }).from(users);
    if (userCount > 0) return null;
    return insertDemoRows(tx, { passwordHashes, stories });
  });
}

async function insertDemoRows(
  tx: Tx,
  input: {
    passwordHashes: Map<string, string>;
    stories: Awaited<ReturnType<ReturnType<typeof createLocalContentSource>["listStories"]>>;
  },
): Promise<SeedSummary> {
  const random = createRandom(20261122);
  const now = demoNow();

  const schoolRows = await tx
    .insert(schools)
    .values([
      { name: "Riverside Primary School", status: "active" },
      { name: "Hillcrest Academy", status: "archived" },
    ])
    .returning({ id: schools.id });
  const schoolIds = { riverside: schoolRows[0].id, hillcrest: schoolRows[1].id } as const;

  const userIds = {} as Record<DemoAccountKey, number>;
  for (const account of DEMO_ACCOUNTS) {
    const [user] = await tx
      .insert(users)
      .values({
        name: account.name,
        email: account.email,
        role: account.role,
        status: account.status,
        emailVerified: true,
        schoolId: account.school ? schoolIds[account.school] : null,
      })
      .returning({ id: users.id });
    userIds[account.key] = user.id;
    await tx.insert(credentials).values({ userId: user.id, passwordHash: input.passwordHashes.get(account.password)! });
  }

  const surveyRows = await tx.select().from(surveys).orderBy(surveys.fullSlug);
  const storyBySlug = new Map(input.stories.map((story) => [story.full_slug, story]));

  let studentCount = 0;
  let assignmentCount = 0;
  let responseCount = 0;
  const usedNames = new Set<string>();

  for (const [classIndex, spec] of CLASSES.entries()) {
    const schoolId = schoolIds[spec.school];
    const [classRow] = await tx.insert(classes).values({ name: spec.name, schoolId }).returning({ id: classes.id });
    await tx.insert(classTeachers).values({ classId: classRow.id, userId: userIds[spec.teacher], role: "owner" });

    let codeId: number | null = null;
    if (classIndex === 0) {
      const [code] = await tx
        .insert(classCodes)
        .values({
          classId: classRow.id,
          code: "SUNNY-4821",
          expiresAt: new Date(now.getTime() + 87_600 * 3_600_000),
          createdByUserId: userIds[spec.teacher],
          createdAt: new Date(now.getTime() - 2 * DAY_MS),
        })
        .returning({ id: classCodes.id });
      codeId = code.id;
    }

    const studentIds: number[] = [];
    for (let i = 0; i < spec.students; i++) {
      let firstName: string;
      let lastName: string;
      do {
        firstName = random.pick(FIRST_NAMES);
        lastName = random.pick(LAST_NAMES);
      } while (usedNames.has(`${firstName} ${lastName}`));
      usedNames.add(`${firstName} ${lastName}`);
      const seenMinutesAgo = random.int(60 * 24 * 3);
      const [student] = await tx
        .insert(students)
        .values({
          schoolId,
          firstName,
          lastName,
          lastSeenAt: new Date(now.getTime() - seenMinutesAgo * 60_000),
        })
        .returning({ id: students.id });
      studentIds.push(student.id);
      await tx.insert(classStudents).values({
        classId: classRow.id,
        studentId: student.id,
        joinedWithCodeId: codeId && i < 9 ? codeId : null,
      });
      const contactCount = 1 + random.int(2);
      for (let c = 0; c < contactCount; c++) {
        const relationship = random.pick(RELATIONSHIPS);
        const contactFirst = random.pick(FIRST_NAMES);
        const hasSecondPhone = random.next() < 0.4;
        await tx.insert(studentContacts).values({
          studentId: student.id,
          position: c,
          name: `${contactFirst} ${lastName}`,
          relationship: relationship || null,
          email: `${`${contactFirst}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, "")}@example.net`,
          phonePrimary: `07700 9${String(100_00 + random.int(899_99)).padStart(5, "0")}`,
          phoneSecondary: hasSecondPhone ? `020 7946 0${String(random.int(999)).padStart(3, "0")}` : null,
          notes: c === 0 && random.next() < 0.3 ? "Prefers a phone call after 4 pm." : null,
        });
      }
    }
    studentCount += studentIds.length;

    // Assignments in every status, with responses where a survey has run.
    const plan: AssignmentStatus[] = ["completed", "active", "assigned"];
    for (const [planIndex, status] of plan.slice(0, surveyRows.length).entries()) {
      const survey = surveyRows[(classIndex + planIndex) % surveyRows.length];
      const startedAt = status === "assigned" ? null : new Date(now.getTime() - (10 - planIndex * 4) * DAY_MS);
      const closedAt = status === "completed" ? new Date(now.getTime() - 3 * DAY_MS) : null;
      const [assignment] = await tx
        .insert(assignments)
        .values({
          classId: classRow.id,
          surveyId: survey.id,
          status,
          startedAt,
          closedAt,
          createdByUserId: userIds[spec.teacher],
          createdAt: new Date(now.getTime() - 12 * DAY_MS),
        })
        .returning({ id: assignments.id });
      assignmentCount++;
      const story = storyBySlug.get(survey.fullSlug);
      if (!startedAt || !story) continue;
      const fields = listAnswerFields(story.content);
      const respondents = status === "completed" ? studentIds.length - 2 : Math.ceil(studentIds.length / 2);
      for (const studentId of studentIds.slice(0, respondents)) {
        await tx.insert(responses).values({
          assignmentId: assignment.id,
          studentId,
          answers: demoAnswers(fields, random),
          submittedAt: new Date(startedAt.getTime() + random.int(3 * DAY_MS)),
        });
        responseCount++;
      }
    }
  }

  return {
    schools: 2,
    users: DEMO_ACCOUNTS.length,
    classes: CLASSES.length,
    students: studentCount,
    surveys: surveyRows.length,
    assignments: assignmentCount,
    responses: responseCount,
  };
}

function demoAnswers(fields: AnswerField[], random: ReturnType<typeof createRandom>): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.kind === "option" && field.options.length > 0) {
      // Skew towards the first options so the charts look like a real class.
      const skewed = Math.min(
        field.options.length - 1,
        Math.floor(random.next() * random.next() * field.options.length * 1.6),
      );
      answers[field.uid] = field.options[skewed].index;
    } else if (field.kind === "choice" && field.choices.length > 0) {
      answers[field.uid] = random.pick(field.choices);
    } else if (field.kind === "freetext" && random.next() < 0.85) {
      answers[field.uid] = random.pick(FREE_TEXT_ANSWERS);
    }
  }
  return answers;
}

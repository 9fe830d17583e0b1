/**
 * ADR 070's rule for the admin CSV, kept by the admin JSON and screen too: a
 * response to an anonymous assignment carries neither its id nor its exact
 * time (below the small-group threshold and above it), and anonymous rows
 * come after the named ones in an order unrelated to time that holds from
 * page to page. Through GET /api/surveys/{surveyId}/responses and the admin
 * survey screen's loader.
 */
process.env.SESSION_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.LOG_LEVEL ??= "warn";

import { beforeAll, expect, test } from "vitest";
import * as adminSurveyScreen from "~/routes/admin/survey";
import * as responsesApi from "~/routes/api/survey-responses";
import type { Database } from "~/server/db/client.server";
import { createTestDatabase } from "../support/database";
import {
  createAssignment,
  createClass,
  createResponse,
  createSchool,
  createStudent,
  createSurvey,
  createUser,
} from "../support/fixtures";
import { callRoute, signIn } from "../support/route-call";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

interface Row {
  id: number | null;
  submittedAt: string | null;
  studentName: string | null;
  anonymous: boolean;
  className: string;
}

async function world() {
  const db = database.db;
  const school = await createSchool(db);
  const teacher = await createUser(db, { schoolId: school.id });
  const admin = await createUser(db, { schoolId: school.id, role: "admin" });
  const survey = await createSurvey(db, { title: "Wellbeing" });
  const anonymousResponses: { id: number; submittedAt: Date }[] = [];
  const namedResponses: { id: number; submittedAt: Date }[] = [];
  for (const [name, anonymous, count] of [
    ["Anonymous four", true, 4],
    ["Anonymous six", true, 6],
    ["Named two", false, 2],
  ] as const) {
    const klass = await createClass(db, { schoolId: school.id, name, teacherIds: [teacher.id] });
    const assignment = await createAssignment(db, {
      classId: klass.id,
      surveyId: survey.id,
      status: "active",
      anonymous,
    });
    for (let i = 0; i < count; i++) {
      const student = await createStudent(db, { schoolId: school.id, classId: klass.id });
      const submittedAt = new Date(Date.UTC(2026, 4, 1 + i, 9, 10 + i, 11, 123 + (anonymous ? count : 0)));
      const response = await createResponse(db, {
        assignmentId: assignment.id,
        studentId: student.id,
        answers: { mood: i % 2 },
        submittedAt,
      });
      (anonymous ? anonymousResponses : namedResponses).push({ id: response.id, submittedAt });
    }
  }
  return { survey, admin, anonymousResponses, namedResponses, cookie: await signIn(database, admin.id) };
}

function expectNoTrace(json: string, anonymousResponses: { id: number; submittedAt: Date }[]) {
  for (const response of anonymousResponses) {
    expect(json).not.toContain(response.submittedAt.toISOString());
    expect(json).not.toMatch(new RegExp(`"id":${response.id}[,}]`));
  }
}

test("GET /api/surveys/{surveyId}/responses: anonymous rows have no id and no time, below and above the threshold, after the named rows", async () => {
  const { survey, anonymousResponses, namedResponses, cookie } = await world();
  const reply = await callRoute(responsesApi, database, {
    path: `/api/surveys/${survey.id}/responses`,
    params: { surveyId: survey.id },
    cookie,
  });
  expect(reply.status).toBe(200);
  const text = await reply.text();
  expectNoTrace(text, anonymousResponses);
  const { data } = JSON.parse(text) as { data: Row[] };
  expect(data).toHaveLength(12);
  // Named rows first, newest first, with their ids and times.
  expect(data.slice(0, 2).map((row) => [row.id, row.submittedAt])).toEqual(
    [...namedResponses].reverse().map((response) => [response.id, response.submittedAt.toISOString()]),
  );
  for (const row of data.slice(2)) {
    expect(row).toMatchObject({ anonymous: true, id: null, submittedAt: null, studentName: null });
  }
});

test("the anonymous rows' order is the same on every page and from one request to the next", async () => {
  const { survey, cookie } = await world();
  const pageOf = async (page: number) => {
    const reply = await callRoute(responsesApi, database, {
      path: `/api/surveys/${survey.id}/responses?pageSize=5&page=${page}`,
      params: { surveyId: survey.id },
      cookie,
    });
    return ((await reply.json()) as { data: Row[] }).data;
  };
  const first = [...(await pageOf(1)), ...(await pageOf(2)), ...(await pageOf(3))];
  const again = [...(await pageOf(1)), ...(await pageOf(2)), ...(await pageOf(3))];
  expect(first).toHaveLength(12);
  expect(again).toEqual(first);
  expect(first.filter((row) => row.anonymous)).toHaveLength(10);
});

test("the admin survey screen shows the same: no id and no time for an anonymous row", async () => {
  const { survey, anonymousResponses, cookie } = await world();
  const reply = await callRoute(adminSurveyScreen, database, {
    path: `/admin/survey/${survey.id}`,
    params: { surveyId: survey.id },
    cookie,
  });
  expect(reply.status).toBe(200);
  const text = await reply.text();
  expectNoTrace(text, anonymousResponses);
  const { page } = JSON.parse(text) as { page: { responses: Row[] } };
  expect(
    page.responses.filter((row) => row.anonymous).every((row) => row.id === null && row.submittedAt === null),
  ).toBe(true);
});

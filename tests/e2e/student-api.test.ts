/**
 * The student API end to end (docs/api.md#student-api), against the built app over HTTP:
 * a student joins with the code the teacher's students screen shows, answers
 * through the typed client, and the teacher's results screen (JavaScript off)
 * shows the answer; the drawing is served to the teacher. Every student API
 * answer here is checked against the OpenAPI document
 * (tests/support/student-api-contract.ts). The school, teacher and class code
 * are the file's own (tests/support/e2e-world.ts).
 */
import { beforeAll, expect, test } from "vitest";
import { createStudentApiClient, StudentApiHttpError } from "~/lib/student-api/client";
import { type AnswerField, listAnswerFields, type SurveyBlock } from "~/lib/survey-content";
import { newContext, signIn } from "../support/browser";
import { CLASS_CODE, createE2eWorldWithCode } from "../support/e2e-world";
import { makePng } from "../support/png";
import { type AppServer, startAppServer } from "../support/server";
import { contractCheckedFetch } from "../support/student-api-contract";

/** Every student API answer in this file is checked against the OpenAPI document. */
const checkedFetch = contractCheckedFetch(fetch);

let app: AppServer<Awaited<ReturnType<typeof createE2eWorldWithCode>>>;

beforeAll(async () => {
  app = await startAppServer({ fixtures: createE2eWorldWithCode });
});

// A phone app sends no Origin and, on /join, no token yet: the root middleware
// exempts cookie-less student API calls from the Origin rule.
test("a client that sends no Origin and no cookie (a phone app) can join", async () => {
  const api = createStudentApiClient({ baseUrl: app.baseURL, logError: () => {}, fetch: checkedFetch });
  const joined = await api.join({ code: CLASS_CODE, firstName: "Phone", lastName: "App" });
  expect(joined.class.name).toBe("5A Sunflowers");
});

function answerFor(field: AnswerField, text: string, drawingId: string | null): unknown {
  switch (field.kind) {
    case "option":
      return field.options[0].index;
    case "choice":
      return field.choices[0];
    case "freetext":
      return text;
    case "drawing":
      return drawingId ? { drawingId } : undefined;
  }
}

test("a student joins with the code on the teacher's screen, submits, and the results screen (JS off) shows it", async () => {
  const context = await newContext({ javaScriptEnabled: false, baseURL: app.baseURL });
  await signIn(context, app, app.fixtures.sessions.teacher);
  const page = await context.newPage();
  const classes = (await (await context.request.get(`${app.baseURL}/api/classes/my-classes`)).json()) as {
    classes: { id: number; name: string }[];
  };
  const classId = classes.classes.find((c) => c.name === "5A Sunflowers")!.id;

  // The teacher reads the live code off the students screen.
  await page.goto(`/class/${classId}/students/manage`);
  const code = (await page.getByTestId("class-code").textContent())!.trim().match(/[A-Z]+-\d+/)![0];
  expect(code).toBe(CLASS_CODE);

  // Make sure the class has a survey open in the student app.
  const surveys = (await (await context.request.get(`${app.baseURL}/api/classes/${classId}/surveys`)).json()) as {
    assignments: { id: number; status: string }[];
  };
  if (!surveys.assignments.some((a) => a.status === "active")) {
    const assigned = surveys.assignments.find((a) => a.status === "assigned")!;
    const started = await context.request.patch(
      `${app.baseURL}/api/classes/${classId}/assignments/${assigned.id}/status`,
      {
        data: { status: "active" },
        headers: { Origin: app.baseURL },
      },
    );
    expect(started.status()).toBe(200);
  }

  // The student app, over HTTP, with no cookies and no Origin.
  const api = createStudentApiClient({ baseUrl: app.baseURL, logError: () => {}, fetch: checkedFetch });
  const joined = await api.join({ code: code.toLowerCase(), firstName: "Zuri", lastName: "Endtoend" });
  if (joined.status !== "joined") throw new Error("a new name joins at once");
  expect(joined.class).toEqual({ id: classId, name: "5A Sunflowers", sourcedId: null });
  const student = api.withToken(joined.token);
  await student.heartbeat();
  const { assignments } = await student.listAssignments();
  expect(assignments.length).toBeGreaterThan(0);
  // Prefer a survey with a drawing question, so the drawing path is covered too.
  let chosen = assignments[0];
  let fields: AnswerField[] = [];
  for (const candidate of assignments) {
    const content = await student.getSurvey(candidate.surveyId);
    const candidateFields = listAnswerFields(content.story.content as unknown as SurveyBlock);
    if (fields.length === 0 || candidateFields.some((f) => f.kind === "drawing")) {
      chosen = candidate;
      fields = candidateFields;
    }
  }
  const drawingField = fields.find((f) => f.kind === "drawing");
  const drawing = drawingField
    ? (await student.uploadDrawing(chosen.assignmentId, drawingField.uid, makePng(90, 60))).drawing
    : null;
  const text = `End-to-end answer ${Date.now()}`;
  const answers = Object.fromEntries(
    fields
      .map((field) => [field.uid, answerFor(field, text, drawing?.id ?? null)])
      .filter(([, value]) => value !== undefined),
  ) as Record<string, number | string | { drawingId: string }>;
  const first = await student.submitResponse(chosen.assignmentId, { answers }, { idempotencyKey: `e2e-${Date.now()}` });
  const retry = await student.submitResponse(
    chosen.assignmentId,
    { answers },
    { idempotencyKey: first.response.idempotencyKey! },
  );
  expect(retry.replayed).toBe(true);
  expect(retry.response).toEqual(first.response);
  expect(
    (await student.listAssignments()).assignments.find((a) => a.assignmentId === chosen.assignmentId)!.answered,
  ).toBe(true);

  // Cross-site cookie-less calls work; the same call with a cookie and a foreign Origin does not.
  const forged = await checkedFetch(`${app.baseURL}/api/student/v1/heartbeat`, {
    method: "POST",
    headers: { authorization: `Bearer ${joined.token}`, cookie: "x=1", origin: "https://evil.example" },
  });
  expect(forged.status).toBe(403);

  // The teacher's results screen, without JavaScript, shows the answer and the student.
  await page.goto(`/class/${classId}/surveys/results/${chosen.assignmentId}`);
  if (fields.some((f) => f.kind === "freetext")) await page.getByText(`“${text}”`).waitFor();
  expect(await page.getByRole("link", { name: "Zuri Endtoend" }).count()).toBeGreaterThan(0);
  if (drawing) {
    // The drawing appears on the results screen, served from our own origin.
    const shown = page.getByRole("img", { name: "Drawing by Zuri Endtoend" });
    await shown.waitFor();
    expect(await shown.getAttribute("src")).toBe(`/class/${classId}/drawings/${drawing.id}.png`);
  }

  // The online list and the code's join count see the student.
  const online = (await (
    await context.request.get(`${app.baseURL}/api/classes/${classId}/online-students`)
  ).json()) as {
    students: { id: number; firstName: string; lastName: string }[];
  };
  expect(online.students.map((s) => `${s.firstName} ${s.lastName}`)).toContain("Zuri Endtoend");

  if (drawing) {
    const image = await context.request.get(`${app.baseURL}/class/${classId}/drawings/${drawing.id}.png`);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    expect(new Uint8Array(await image.body())).toEqual(makePng(90, 60));
    const anonymous = await fetch(`${app.baseURL}/class/${classId}/drawings/${drawing.id}.png`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
  }

  // The contract is served.
  const doc = (await student.openApi()) as { openapi: string };
  expect(doc.openapi).toBe("3.1.0");
  const bad = await api.join({ code: "NOPE-2345", firstName: "A", lastName: "B" }).catch((error: unknown) => error);
  expect(bad).toBeInstanceOf(StudentApiHttpError);
  expect((bad as StudentApiHttpError).message).toBe("HTTP error! status: 404");
}, 120_000);

test("over HTTP, the answers the server adds to the routes' own are the document's: 403, 400 BAD_REQUEST, 405", async () => {
  const join = `${app.baseURL}/api/student/v1/join`;
  // A cookie without a same-site Origin: the cross-site refusal.
  const withCookie = await checkedFetch(join, {
    method: "POST",
    headers: { cookie: "__session=x", "content-type": "application/json", origin: "https://evil.example" },
    body: JSON.stringify({ code: CLASS_CODE, firstName: "A", lastName: "B" }),
  });
  expect(withCookie.status).toBe(403);
  expect(await withCookie.json()).toEqual({ code: "FORBIDDEN", message: "Cross-site request refused." });
  // A body that is not JSON.
  const malformed = await checkedFetch(join, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{not json",
  });
  expect(malformed.status).toBe(400);
  expect(await malformed.json()).toEqual({ code: "BAD_REQUEST", message: "The request body is not valid JSON." });
  // A method the path does not take.
  const put = await checkedFetch(join, { method: "PUT" });
  expect(put.status).toBe(405);
  expect(put.headers.get("allow")).toBe("POST, OPTIONS");
  expect(await put.json()).toEqual({
    code: "METHOD_NOT_ALLOWED",
    message: "PUT is not allowed here. This endpoint answers POST, OPTIONS.",
  });
});

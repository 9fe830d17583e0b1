/**
 * Schools, the admin's class tools, survey responses across classes and the
 * /admin overview: platform admin vs school admin vs teacher on
 * every function, and GET /api/surveys/{surveyId}/responses.
 */

import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import * as responsesRoute from "~/routes/api/survey-responses";
import type { App } from "~/server/app.server";
import { getAdminCounts, listRecentActivity } from "~/server/audit/admin-overview.server";
import { requireUser } from "~/server/auth/guards.server";
import { createSession } from "~/server/auth/session.server";
import {
  createClassWithTeachers,
  listSchoolTeachers,
  setClassStatus,
  updateClassSettings,
} from "~/server/classes/admin-classes.server";
import { listClassTeachers } from "~/server/classes/class-teachers.server";
import type { Database } from "~/server/db/client.server";
import { auditEvents, classes } from "~/server/db/schema.server";
import {
  buildSurveyResponsesCsv,
  listSurveyOverview,
  queryResponses,
  responseFiltersSchema,
} from "~/server/responses/responses.server";
import {
  createSchool,
  getSchoolDetail,
  listSchools,
  renameSchool,
  setSchoolStatus,
} from "~/server/schools/schools.server";
import { parseSearchParams } from "~/server/web/search-params.server";
import { createTestDatabase } from "../support/database";
import {
  type ClassWorld,
  createAssignment,
  createClassWorld,
  createResponse,
  createStudent,
  createSurvey,
  createUser,
} from "../support/fixtures";
import { createTestApp, routeContext } from "../support/test-app";

let database: Database;
/** The App loaders and actions find in their context (tests/support/test-app.ts). */
let testApp: App;
let world: ClassWorld;
let survey: Awaited<ReturnType<typeof createSurvey>>;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await createTestApp(database);
  world = await createClassWorld(database.db);
  survey = await createSurvey(database.db, { title: "Wellbeing", fullSlug: "surveys/wellbeing-test" });
  const db = database.db;
  const a5 = await createAssignment(db, { classId: world.class5A.id, surveyId: survey.id, status: "active" });
  const a6 = await createAssignment(db, { classId: world.class6.id, surveyId: survey.id, status: "completed" });
  const aHill = await createAssignment(db, { classId: world.hillClass.id, surveyId: survey.id, status: "active" });
  const day = (d: string) => new Date(`${d}T10:00:00Z`);
  for (const [assignment, schoolId, classId, dates] of [
    [a5, world.riverside.id, world.class5A.id, ["2026-03-01", "2026-03-02", "2026-03-03"]],
    [a6, world.riverside.id, world.class6.id, ["2026-03-02", "2026-03-05"]],
    [aHill, world.hillside.id, world.hillClass.id, ["2026-03-01", "2026-03-04"]],
  ] as const) {
    for (const date of dates) {
      const student = await createStudent(db, { schoolId, classId });
      await createResponse(db, {
        assignmentId: assignment.id,
        studentId: student.id,
        answers: { q1: "Happy, mostly" },
        submittedAt: day(date),
      });
    }
  }
});

describe("schools", () => {
  test("a platform admin lists every school with counts; a school admin only their own; a teacher none", async () => {
    const all = await listSchools(database.db, world.actors.platformAdmin);
    const riverside = all.find((school) => school.id === world.riverside.id);
    expect(riverside).toMatchObject({ staffCount: 4, classCount: 2, studentCount: 5 });
    expect(all.map((school) => school.id)).toContain(world.hillside.id);
    const own = await listSchools(database.db, world.actors.schoolAdmin);
    expect(own.map((school) => school.id)).toEqual([world.riverside.id]);
    await expect(listSchools(database.db, world.actors.teacher)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("the detail shows staff and classes; another school's detail is NOT_FOUND for a school admin", async () => {
    const detail = await getSchoolDetail(database.db, world.actors.schoolAdmin, world.riverside.id);
    expect(detail.staff.map((member) => member.id)).toContain(world.users.teacher.id);
    expect(detail.classes.find((klass) => klass.id === world.class5A.id)).toMatchObject({
      teachers: ["Amara Teacher"],
      studentCount: 3,
    });
    await expect(getSchoolDetail(database.db, world.actors.schoolAdmin, world.hillside.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  test("only a platform admin creates schools; names are unique ignoring case", async () => {
    const created = await createSchool(database.db, world.actors.platformAdmin, { name: "Lakeside Primary" });
    expect(created.name).toBe("Lakeside Primary");
    await expect(
      createSchool(database.db, world.actors.platformAdmin, { name: "lakeside primary" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(createSchool(database.db, world.actors.schoolAdmin, { name: "Rogue School" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(createSchool(database.db, world.actors.teacher, { name: "Rogue School" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  test("a school admin renames their own school but not another; the rename is audited", async () => {
    const school = await createSchool(database.db, world.actors.platformAdmin, { name: "Old Name School" });
    const admin = await createUser(database.db, { schoolId: school.id, role: "admin" });
    const actor = { id: admin.id, role: admin.role, schoolId: admin.schoolId };
    await renameSchool(database.db, actor, school.id, { name: "New Name School" });
    await expect(renameSchool(database.db, actor, world.riverside.id, { name: "Taken Over" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const [event] = await database.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.action} = 'school.rename' and ${auditEvents.targetId} = ${String(school.id)}`);
    expect(event).toMatchObject({
      actorUserId: admin.id,
      details: { from: { name: "Old Name School" }, to: { name: "New Name School" } },
    });
  });

  test("archiving a school signs its users out and sends them to /blocked; a school admin cannot archive; restoring lets them sign in again", async () => {
    const school = await createSchool(database.db, world.actors.platformAdmin, { name: "Archive Me Academy" });
    const teacher = await createUser(database.db, { schoolId: school.id });
    const admin = await createUser(database.db, { schoolId: school.id, role: "admin" });
    await expect(
      setSchoolStatus(database.db, { id: admin.id, role: "admin", schoolId: school.id }, school.id, "archived"),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(setSchoolStatus(database.db, world.actors.schoolAdmin, school.id, "archived")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    const signIn = async () =>
      (await createSession(testApp, teacher.id, new Request("http://localhost/login"), null)).setCookie.split(";")[0];
    const guard = (cookie: string) => {
      const context = routeContext(testApp);
      return requireUser(new Request("http://localhost/class/-1/home", { headers: { cookie } }), context).then(
        (user) => user,
        (error: unknown) => (error as Response).headers.get("location"),
      );
    };
    const before = await signIn();

    await setSchoolStatus(database.db, world.actors.platformAdmin, school.id, "archived");
    // Archiving signed everyone out; signing in again lands on /blocked.
    expect(await guard(before)).toBe("/login?redirectTo=%2Fclass%2F-1%2Fhome");
    expect(await guard(await signIn())).toBe("/blocked");
    await setSchoolStatus(database.db, world.actors.platformAdmin, school.id, "active");
    expect(await guard(before)).toBe("/login?redirectTo=%2Fclass%2F-1%2Fhome");
    await expect(guard(await signIn())).resolves.toMatchObject({ id: teacher.id });
  });
});

describe("admin class tools", () => {
  test("create a class with two teachers of the school: the first owns it", async () => {
    const klass = await createClassWithTeachers(database.db, world.actors.schoolAdmin, {
      name: "3 Rowan",
      schoolId: world.riverside.id,
      teacherIds: [world.users.spareTeacher.id, world.users.colleague.id],
    });
    const teachers = await listClassTeachers(database.db, world.actors.schoolAdmin, klass.id);
    expect(teachers.map((t) => [t.id, t.role]).sort()).toEqual(
      [
        [world.users.spareTeacher.id, "owner"],
        [world.users.colleague.id, "co-teacher"],
      ].sort(),
    );
  });

  test("a teacher of another school refuses the whole class: nothing is created", async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(classes);
    await expect(
      createClassWithTeachers(database.db, world.actors.platformAdmin, {
        name: "Mixed",
        schoolId: world.riverside.id,
        teacherIds: [world.users.teacher.id, world.users.otherTeacher.id],
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(classes);
    expect(after[0].n).toBe(before[0].n);
  });

  test("a school admin cannot create a class in another school; no teacher is a validation error", async () => {
    await expect(
      createClassWithTeachers(database.db, world.actors.schoolAdmin, {
        name: "Sneaky",
        schoolId: world.hillside.id,
        teacherIds: [world.users.teacher.id],
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      createClassWithTeachers(database.db, world.actors.schoolAdmin, {
        name: "Empty",
        schoolId: world.riverside.id,
        teacherIds: [],
      }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
    });
    await expect(
      createClassWithTeachers(database.db, world.actors.teacher, {
        name: "T",
        schoolId: world.riverside.id,
        teacherIds: [world.users.teacher.id],
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("edit a class: rename and swap teachers in one go; another school's class is NOT_FOUND", async () => {
    const klass = await createClassWithTeachers(database.db, world.actors.platformAdmin, {
      name: "2 Hazel",
      schoolId: world.riverside.id,
      teacherIds: [world.users.teacher.id],
    });
    await updateClassSettings(database.db, world.actors.schoolAdmin, klass.id, {
      name: "2 Hazel Tree",
      teacherIds: [world.users.colleague.id, world.users.spareTeacher.id],
    });
    const teachers = await listClassTeachers(database.db, world.actors.schoolAdmin, klass.id);
    expect(teachers.map((t) => t.id).sort()).toEqual([world.users.colleague.id, world.users.spareTeacher.id].sort());
    expect(teachers.find((t) => t.id === world.users.colleague.id)?.role).toBe("owner");
    const [row] = await database.db.select().from(classes).where(eq(classes.id, klass.id));
    expect(row.name).toBe("2 Hazel Tree");
    await expect(
      updateClassSettings(database.db, world.actors.schoolAdmin, world.hillClass.id, {
        name: "X",
        teacherIds: [world.users.teacher.id],
      }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  test("archive and restore a class, audited; teachers of the school listed only in scope", async () => {
    const klass = await createClassWithTeachers(database.db, world.actors.platformAdmin, {
      name: "1 Ash",
      schoolId: world.riverside.id,
      teacherIds: [world.users.teacher.id],
    });
    expect((await setClassStatus(database.db, world.actors.schoolAdmin, klass.id, "archived")).status).toBe("archived");
    expect((await setClassStatus(database.db, world.actors.schoolAdmin, klass.id, "active")).status).toBe("active");
    const events = await database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(sql`${auditEvents.targetType} = 'class' and ${auditEvents.targetId} = ${String(klass.id)}`)
      .orderBy(auditEvents.id);
    expect(events.map((e) => e.action)).toEqual(["class.create", "class.archive", "class.restore"]);
    await expect(setClassStatus(database.db, world.actors.otherAdmin, klass.id, "archived")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await listSchoolTeachers(database.db, world.actors.schoolAdmin, world.hillside.id)).length).toBe(0);
    expect(
      (await listSchoolTeachers(database.db, world.actors.schoolAdmin, world.riverside.id)).map((t) => t.id),
    ).toContain(world.users.teacher.id);
  });
});

describe("survey responses across classes", () => {
  test("the survey list counts assigned classes and responses within scope", async () => {
    const platform = (await listSurveyOverview(database.db, world.actors.platformAdmin)).find(
      (s) => s.id === survey.id,
    );
    expect(platform).toMatchObject({ assignedClassCount: 3, responseCount: 7 });
    const school = (await listSurveyOverview(database.db, world.actors.schoolAdmin)).find((s) => s.id === survey.id);
    expect(school).toMatchObject({ assignedClassCount: 2, responseCount: 5 });
  });

  test("filters by school, class, status and date range, with pages", async () => {
    const admin = world.actors.platformAdmin;
    expect((await queryResponses(database.db, admin, survey.id, {})).total).toBe(7);
    expect((await queryResponses(database.db, admin, survey.id, { schoolId: world.hillside.id })).total).toBe(2);
    expect((await queryResponses(database.db, admin, survey.id, { classId: world.class6.id })).total).toBe(2);
    expect((await queryResponses(database.db, admin, survey.id, { status: "active" })).total).toBe(5);
    const range = await queryResponses(database.db, admin, survey.id, { from: "2026-03-02", to: "2026-03-03" });
    expect(range.total).toBe(3);
    const paged = await queryResponses(database.db, admin, survey.id, { pageSize: 3, page: 3 });
    expect(paged).toMatchObject({ total: 7, page: 3, pageCount: 3 });
    expect(paged.responses).toHaveLength(1);
    // Malformed or out-of-range filters are a 400 that names each one, never a crash and never ignored.
    let refusal: unknown;
    try {
      parseSearchParams(responseFiltersSchema, new URLSearchParams("from=yesterday&status=nope&page=-1&pageSize=500"));
    } catch (thrown) {
      refusal = thrown;
    }
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(400);
    const body = (await (refusal as Response).json()) as { code: string; fieldErrors: Record<string, string[]> };
    expect(body.code).toBe("VALIDATION");
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["from", "page", "pageSize", "status"]);
    expect(body.fieldErrors.pageSize).toEqual(["pageSize must be at most 200"]);
    // Empty values mean "not set" (a filter form's "All"), and unknown parameters are left alone.
    expect(parseSearchParams(responseFiltersSchema, new URLSearchParams("status=&from=&utm_source=x"))).toEqual({});
  });

  test("a school admin never sees another school's responses, even when asking by id", async () => {
    const admin = world.actors.schoolAdmin;
    expect((await queryResponses(database.db, admin, survey.id, {})).total).toBe(5);
    expect((await queryResponses(database.db, admin, survey.id, { schoolId: world.hillside.id })).total).toBe(0);
    expect((await queryResponses(database.db, admin, survey.id, { classId: world.hillClass.id })).total).toBe(0);
    await expect(queryResponses(database.db, world.actors.teacher, survey.id, {})).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  test("the CSV has exactly the filtered rows (all pages)", async () => {
    const csv = await buildSurveyResponsesCsv(
      database.db,
      world.actors.platformAdmin,
      survey.id,
      { status: "active", from: "2026-03-01", to: "2026-03-01", pageSize: 1 },
      null,
    );
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("Response id,School,Class,Assignment status,Student,Submitted at (UTC)");
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((line) => line.includes(",active,") && line.includes("2026-03-01T10:00:00.000Z"))).toBe(
      true,
    );
    expect(csv.rowCount).toBe(2);
  });

  test("GET /api/surveys/{surveyId}/responses: admins only, filters and paging from the query", async () => {
    const cookies: Record<string, string> = {};
    for (const who of ["platformAdmin", "schoolAdmin", "teacher"] as const) {
      const session = await createSession(testApp, world.users[who].id, new Request("http://localhost/login"), null);
      cookies[who] = session.setCookie.split(";")[0];
    }
    const get = async (who: string | null, query: string, surveyId: string | number = survey.id) => {
      const context = routeContext(testApp);
      const request = new Request(`http://localhost/api/surveys/${surveyId}/responses${query}`, {
        headers: who ? { cookie: cookies[who] } : {},
      });
      const response = await responsesRoute.loader({
        request,
        context,
        params: { surveyId: String(surveyId) },
      } as never);
      return { status: response.status, json: await response.json() };
    };
    const platform = await get("platformAdmin", `?schoolId=${world.riverside.id}&pageSize=2&page=2`);
    expect(platform.status).toBe(200);
    expect(platform.json).toMatchObject({ count: 5, page: 2, pageCount: 3, pageSize: 2 });
    expect(platform.json.data).toHaveLength(2);
    expect(platform.json.data[0]).toMatchObject({
      schoolId: world.riverside.id,
      studentName: expect.any(String),
      submittedAt: expect.stringMatching(/Z$/),
    });
    expect((await get("schoolAdmin", `?classId=${world.hillClass.id}`)).json.count).toBe(0);
    expect((await get("teacher", "")).status).toBe(404);
    expect((await get(null, "")).status).toBe(401);
    expect((await get("platformAdmin", "", 999999)).status).toBe(404);
  });
});

describe("admin overview", () => {
  test("counts and recent activity are scoped: a school admin sees only their school's events", async () => {
    const platformCounts = await getAdminCounts(database.db, world.actors.platformAdmin);
    const schoolCounts = await getAdminCounts(database.db, world.actors.schoolAdmin);
    expect(platformCounts.responses).toBe(7);
    expect(schoolCounts.responses).toBe(5);
    expect(schoolCounts.schools).toBe(1);
    expect(platformCounts.classes).toBeGreaterThan(schoolCounts.classes);

    await renameSchool(database.db, world.actors.otherAdmin, world.hillside.id, {
      name: `${world.hillside.name} Renamed`,
    });
    const schoolActivity = await listRecentActivity(database.db, world.actors.schoolAdmin);
    expect(schoolActivity.every((item) => item.schoolName === null || item.schoolName === world.riverside.name)).toBe(
      true,
    );
    expect(schoolActivity.some((item) => item.action === "school.rename")).toBe(false);
    const platformActivity = await listRecentActivity(database.db, world.actors.platformAdmin);
    expect(platformActivity[0]).toMatchObject({ action: "school.rename", actorName: "Oscar Otheradmin" });
    await expect(getAdminCounts(database.db, world.actors.teacher)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

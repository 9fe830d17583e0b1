import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Written out by hand to mirror the route table of docs/product.md#routes-and-screens,
 * then the JSON API (docs/product.md#json-api) under /api.
 */
export default [
  index("routes/index.tsx"),

  // Public: accounts
  route("login", "routes/auth/login.tsx"),
  route("signup", "routes/auth/signup.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("blocked", "routes/auth/blocked.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("verify-email", "routes/auth/verify-email.tsx"),
  // Staff sign-in through a school's provider (ADR 210): the button's post, and the provider's answer.
  route("auth/oidc/:provider", "routes/auth/oidc-start.tsx"),
  route("auth/oidc/:provider/callback", "routes/auth/oidc-callback.tsx"),
  // The profile menu's language form (a post; issue #28).
  route("account/language", "routes/account/language.ts"),

  // The students' side: join with the class code, then answer (ADR 150).
  route("join", "routes/student/join.tsx"),
  route("join/waiting", "routes/student/join-waiting.tsx"),
  route("student/sign-out", "routes/student/sign-out.ts"),
  route("student/heartbeat", "routes/student/heartbeat.ts"),
  route("student/assignments/:assignmentId/drawings", "routes/student/drawings.ts"),
  route("student", "routes/student/layout.tsx", [
    index("routes/student/index.tsx"),
    route("assignments/:assignmentId", "routes/student/answer.tsx"),
    route("assignments/:assignmentId/thanks", "routes/student/thanks.tsx"),
  ]),

  // Signed-in screens share the header shell.
  layout("routes/shell.tsx", [
    route("home", "routes/home.tsx"),
    route("account/password", "routes/account/password.tsx"),
    // survey screens
    route("survey", "routes/survey/index.tsx"),
    route("survey/content/:surveyId", "routes/survey/content.tsx"),
    route("admin", "routes/admin/layout.tsx", [
      // admin area
      index("routes/admin/index.tsx"),
      route("staff", "routes/admin/staff/list.tsx"),
      route("staff/new", "routes/admin/staff/new.tsx"),
      route("staff/:staffId/edit", "routes/admin/staff/edit.tsx"),
      route("schools", "routes/admin/schools.tsx"),
      route("schools/:schoolId", "routes/admin/school.tsx"),
      // the school from a OneRoster 1.2 CSV zip (issue 39.2)
      route("schools/:schoolId/import", "routes/admin/school-import.tsx"),
      // one survey across the school's classes and year groups (issue 38), and as CSV in long form
      route("schools/:schoolId/survey/:surveyId", "routes/admin/school-survey.tsx"),
      route("schools/:schoolId/survey/:surveyId/csv", "routes/admin/school-survey-csv.ts"),
      route("create-class", "routes/admin/create-class.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("survey", "routes/admin/surveys.tsx"),
      route("survey/:surveyId", "routes/admin/survey.tsx"),
      route("survey/:surveyId/responses.csv", "routes/admin/survey-responses-csv.ts"),
      route("staff/template.csv", "routes/admin/staff-template-csv.ts"),
      // students' privacy
      route("students/:studentId/export.json", "routes/admin/student-export.ts"),
      route("audit", "routes/admin/audit.tsx"),
      // an unknown path in the admin area: 'Not Found' beside the sidebar
      route("*", "routes/area-not-found.tsx", { id: "routes/admin/not-found" }),
    ]),
    route("class/:classId", "routes/class/layout.tsx", [
      // class area
      index("routes/class/index.tsx"),
      route("home", "routes/class/home.tsx"),
      route("create", "routes/class/create.tsx"),
      route("surveys", "routes/class/surveys-index.tsx"),
      route("surveys/manage", "routes/class/surveys-manage.tsx"),
      route("surveys/library", "routes/class/surveys-library.tsx"),
      // issue #38: assign with a schedule or in rounds; an assignment's schedule
      route("surveys/assign/:surveyId", "routes/class/survey-assign.tsx"),
      route("surveys/schedule/:assignmentId", "routes/class/assignment-schedule.tsx"),
      route("surveys/results/:assignmentId", "routes/class/survey-results.tsx"),
      route("surveys/results/:assignmentId/csv", "routes/class/survey-results-csv.ts"),
      // the results' live event stream (server-sent events, ADR 206)
      route("surveys/results/:assignmentId/stream", "routes/class/survey-results-stream.ts"),
      // a series' rounds over time (issue 38), and as CSV in long form
      route("surveys/series/:seriesId", "routes/class/series-trends.tsx"),
      route("surveys/series/:seriesId/csv", "routes/class/series-trends-csv.ts"),
      // "Remind them" on the results (issue 38): a post, then back to the results.
      route("surveys/results/:assignmentId/remind", "routes/class/survey-remind.ts"),
      route("students/manage", "routes/class/students-manage.tsx"),
      route("students/import", "routes/class/students-import.tsx"),
      route("student/:studentId", "routes/class/student.tsx"),
      route("student/:studentId/delete", "routes/class/student-delete.tsx"),
      // a drawing answer's image (student API), for the class's teachers
      route("drawings/:drawingFile", "routes/class/drawing.tsx"),
      // an unknown path in the class area: 'Not Found' inside the class navigation
      route("*", "routes/area-not-found.tsx", { id: "routes/class/not-found" }),
    ]),
  ]),

  // The class's join screen for the projector: the class guard, but no header or class navigation (ADR 158).
  route("class/:classId/projector", "routes/class/projector.tsx"),
  // The class's live state for its home and Students page (issue 36): server-sent events.
  route("class/:classId/live", "routes/class/live-stream.ts"),
  // An assignment's results for the projector: bars, counts, answers only as the teacher reveals them (ADR 208).
  route("class/:classId/assignments/:assignmentId/projector", "routes/class/results-projector.tsx"),
  // The printable sign-in cards, without header or class navigation, like the projector view.
  route("class/:classId/students/cards", "routes/class/sign-in-cards.tsx"),

  ...prefix("api", [
    // auth API
    route("auth/*", "routes/api/auth.ts"),
    // survey API
    route("surveys", "routes/api/surveys.ts"),
    route("content/webhook", "routes/api/content-webhook.ts"),
    // class API
    route("classes", "routes/api/classes/index.ts"),
    route("classes/my-classes", "routes/api/classes/my-classes.ts"),
    route("classes/:id", "routes/api/classes/class.ts"),
    route("classes/:id/students-with-contacts", "routes/api/classes/students-with-contacts.ts"),
    route("classes/:id/dashboard", "routes/api/classes/dashboard.ts"),
    route("classes/:id/online-students", "routes/api/classes/online-students.ts"),
    route("classCodes/generate", "routes/api/class-codes/generate.ts"),
    route("classCodes/stop", "routes/api/class-codes/stop.ts"),
    route("classCodes/class/:classId", "routes/api/class-codes/class.ts"),
    route("classes/:classId/user/:userId", "routes/api/classes/class-teacher.ts"),
    route("classes/:classId/surveys", "routes/api/classes/surveys.ts"),
    route("classes/:classId/surveys/assignable", "routes/api/classes/assignable-surveys.ts"),
    route("classes/:classId/surveys/:surveyId/assign", "routes/api/classes/assign-survey.ts"),
    route("classes/:classId/assignments/:assignmentId", "routes/api/classes/assignment.ts"),
    route("classes/:classId/assignments/:assignmentId/status", "routes/api/classes/assignment-status.ts"),
    route("classes/:classId/assignments/:assignmentId/stats", "routes/api/classes/assignment-stats.ts"),
    // user API
    route("users/all", "routes/api/users/all.ts"),
    route("users/with-classes", "routes/api/users/with-classes.ts"),
    route("users/bulk-create", "routes/api/users/bulk-create.ts"),
    route("users/me/with-school", "routes/api/users/me-with-school.ts"),
    route("users/:id/with-school", "routes/api/users/with-school.ts"),
    route("users/:id", "routes/api/users/user.ts"),
    route("surveys/:surveyId/responses", "routes/api/survey-responses.ts"),
    // student API
    route("student/v1/join", "routes/api/student/join.ts"),
    route("student/v1/join/collect", "routes/api/student/join-collect.ts"),
    route("student/v1/heartbeat", "routes/api/student/heartbeat.ts"),
    route("student/v1/assignments", "routes/api/student/assignments.ts"),
    route("student/v1/surveys/:surveyId", "routes/api/student/survey.ts"),
    route("student/v1/assignments/:assignmentId/responses", "routes/api/student/responses.ts"),
    route("student/v1/assignments/:assignmentId/drawings", "routes/api/student/drawings.ts"),
    route("student/v1/openapi.json", "routes/api/student/openapi.ts"),
    route("classes/:classId/students/:studentId/tokens", "routes/api/student/revoke-tokens.ts"),
  ]),

  route("bench/reference", "routes/bench-reference.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("readyz", "routes/readyz.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

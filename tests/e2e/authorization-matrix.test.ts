/**
 * The authorisation matrix (docs/security.md): every route and API endpoint × every
 * actor, against the production build with its own data (createActorsWorld).
 *
 * Actors: anonymous; Amara Okafor, the teacher of 5A Sunflowers ("teacher");
 * Daniel Murphy, a teacher of the same school who does not teach 5A
 * ("other t."); Riverside's school admin; the admin of another active school,
 * made in beforeAll through the app ("other sa"); the platform admin; an
 * archived teacher of Riverside; a student of 5A with a student token
 * (bearer, no cookie); a student of 5A signed in in the browser (the
 * `__student` cookie from /join), whom every staff page and staff API
 * treats as signed out.
 *
 * A cell is the expected status, with the redirect target for a 3xx:
 *   200/400/404/… the status; a 4xx from the JSON API also has a { code, message } body
 *   LOGIN         302 to /login?redirectTo=<this path>
 *   "302 /x"      302 to exactly /x ("*" stands for any number)
 * Writes send a body that is valid but changes nothing visible (or is
 * refused for a reason other than permission), so an authorised actor's cell
 * shows it got past the permission check (2xx, 400 validation, 409 conflict)
 * while everyone else is stopped before it.
 *
 * The rule (shared/ARCHITECTURE.md): another teacher's or another school's
 * data is 404 in the API; the class screens send a user who may not see a
 * class to their own class (or /home), exactly as for a class that does not
 * exist, so neither confirms that the class exists. Archived users get
 * /blocked (screens) or 403 BLOCKED (API) and nothing else.
 *
 * VISIBLE below checks data, not just status: in every 200 answer the text
 * appears for the actors listed, and for no other actor.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import routes from "~/routes";
import type { OidcTestProvider } from "../support/oidc-provider";
import { type AppServer, startAppServer } from "../support/server";
import {
  ACTORS,
  type Actor,
  type ActorCredentials,
  type ActorsWorld,
  api,
  createActorsWorld,
  type DemoIds,
  setUpActors,
  startSignInProvider,
} from "./authorization-matrix.support";

const LOGIN = "LOGIN";
const BLOCKED = "302 /blocked";
const NOT_ADMIN = "302 /class/-1/home";
const TO_OWN_CLASS = "302 /class/*/home";
const NO_CLASSES = "302 /home?noClasses=true";
const TO_JOIN = "302 /join";
/** 302 to the configured provider's authorisation endpoint, with the flow's state. */
const TO_PROVIDER = "TO_PROVIDER";

type Row = [method: string, path: string, body: unknown, ...cells: string[]];

// Placeholders: {class} 5A Sunflowers, {assignment} one of its assignments, {student} one of its students,
// {survey} that assignment's survey, {studentSurvey} a survey the student has open, {school} Riverside,
// {otherSchool} the other school, {teacherUser} Amara, {otherSchoolAdmin} the other school's admin.
// biome-ignore format: the table is aligned for reading
const MATRIX: Row[] = [
  //  method    path                                                    body                           anon     teacher  other t.      school adm  other sa    platform  archived  student  student (browser)
  // Public pages: anyone may see them; a signed-in user is sent home by role.
  ["GET",    "/",                                                   undefined,                     "302 /login", NOT_ADMIN, NOT_ADMIN, "302 /admin/staff", "302 /admin/staff", "302 /admin/staff", BLOCKED, "302 /login", "302 /login"],
  ["GET",    "/login",                                              undefined,                     "200",    NOT_ADMIN, NOT_ADMIN,   "302 /admin/staff", "302 /admin/staff", "302 /admin/staff", BLOCKED, "200", "200"],
  ["GET",    "/signup",                                             undefined,                     "200",    NOT_ADMIN, NOT_ADMIN,   "302 /admin/staff", "302 /admin/staff", "302 /admin/staff", BLOCKED, "200", "200"],
  ["GET",    "/logout",                                             undefined,                     "302 /",  "302 /", "302 /",       "302 /",    "302 /",    "302 /",  "302 /",  "302 /", "302 /"],
  ["GET",    "/blocked",                                            undefined,                     "302 /login", "302 /", "302 /",   "302 /",    "302 /",    "302 /",  "200",    "302 /login", "302 /login"],
  ["GET",    "/forgot-password",                                    undefined,                     "200",    "200",   "200",         "200",      "200",      "200",    "200",    "200", "200"],
  ["GET",    "/reset-password",                                     undefined,                     "200",    "200",   "200",         "200",      "200",      "200",    "200",    "200", "200"],
  ["GET",    "/verify-email",                                       undefined,                     "200",    "200",   "200",         "200",      "200",      "200",    "200",    "200", "200"],
  // Sign-in through a school's provider (ADR 210): this server configures Google (a real provider on loopback), so an unknown provider id is 404 to the anonymous; signed-in users are sent home first.
  ["GET",    "/auth/oidc/999",                                      undefined,                     "302 /login", "302 /login", "302 /login", "302 /login", "302 /login", "302 /login", "302 /login", "302 /login", "302 /login"],
  ["POST",   "/auth/oidc/999",                                      { $form: {} },                 "404",    NOT_ADMIN, NOT_ADMIN,   "302 /admin/staff", "302 /admin/staff", "302 /admin/staff", BLOCKED, "404", "404"],
  ["GET",    "/auth/oidc/999/callback",                             undefined,                     "404",    NOT_ADMIN, NOT_ADMIN,   "302 /admin/staff", "302 /admin/staff", "302 /admin/staff", BLOCKED, "404", "404"],
  // The configured provider: the button's post sends the signed-out (a student is no staff member) to it; an answer without the flow's cookie is the plain 400 page.
  ["GET",    "/auth/oidc/google",                                   undefined,                     "302 /login", "302 /login", "302 /login", "302 /login", "302 /login", "302 /login", "302 /login", "302 /login", "302 /login"],
  ["POST",   "/auth/oidc/google",                                   { $form: { redirectTo: "/home" } }, TO_PROVIDER, NOT_ADMIN, NOT_ADMIN, "302 /admin/staff", "302 /admin/staff", "302 /admin/staff", BLOCKED, TO_PROVIDER, TO_PROVIDER],
  ["GET",    "/auth/oidc/google/callback?code=x&state=y",           undefined,                     "400",    NOT_ADMIN, NOT_ADMIN,   "302 /admin/staff", "302 /admin/staff", "302 /admin/staff", BLOCKED, "400", "400"],
  // The shell: any signed-in, unblocked user.
  ["GET",    "/home",                                               undefined,                     LOGIN,    "200",   "200",         "200",      "200",      "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/account/password",                                   undefined,                     LOGIN,    "200",   "200",         "200",      "200",      "200",    BLOCKED,  LOGIN, LOGIN],
  // The profile menu's language form (issue #28): a post by any signed-in user; a GET changes nothing.
  ["GET",    "/account/language",                                   undefined,                     "302 /",  "302 /", "302 /",       "302 /",    "302 /",    "302 /",  "302 /",  "302 /", "302 /"],
  ["POST",   "/account/language",                                   { $form: { locale: "xx", redirectTo: "/home" } }, LOGIN, "302 /home", "302 /home", "302 /home", "302 /home", "302 /home", BLOCKED, LOGIN, LOGIN],
  ["GET",    "/survey",                                             undefined,                     LOGIN,    "200",   "200",         "200",      "200",      "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/survey/content/{survey}",                            undefined,                     LOGIN,    "200",   "200",         "200",      "200",      "200",    BLOCKED,  LOGIN, LOGIN],
  // The admin area: admins only; a school admin sees their own school only.
  ["GET",    "/admin",                                              undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "200",      "200",      "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/admin/staff",                                        undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "200",      "200",      "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/admin/staff/new",                                    undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "200",      "200",      "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/admin/staff/{teacherUser}/edit",                     undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "200",      "404",      "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/admin/schools",                                      undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "200",      "200",      "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/admin/schools/{school}",                             undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "200",      "404",      "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/admin/schools/{otherSchool}",                        undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "404",      "200",      "200",    BLOCKED,  LOGIN, LOGIN],
  // The school from a OneRoster zip (issue 39.2): its own admin or a platform admin only; an empty zip previews as a broken file.
  ["GET",    "/admin/schools/{school}/import",                      undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "200",      "404",      "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/admin/schools/{otherSchool}/import",                 undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "404",      "200",      "200",    BLOCKED,  LOGIN, LOGIN],
  ["POST",   "/admin/schools/{school}/import",                      { $form: { intent: "preview", zipData: "UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==" } }, LOGIN, NOT_ADMIN, NOT_ADMIN, "200", "404", "200", BLOCKED, LOGIN, LOGIN],
  ["POST",   "/admin/schools/{otherSchool}/import",                 { $form: { intent: "confirm", zipData: "UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==", fingerprint: "stale" } }, LOGIN, NOT_ADMIN, NOT_ADMIN, "404", "400", "400", BLOCKED, LOGIN, LOGIN],
  // The school's invitation link (ADR 214) and moving a self-signed-up teacher (ADR 213): refusals that change nothing.
  ["POST",   "/admin/staff",                                        { $form: { intent: "revoke-invitation", id: "999999" } }, LOGIN, NOT_ADMIN, NOT_ADMIN, "302 /admin/staff", "302 /admin/staff", "400", BLOCKED, LOGIN, LOGIN],
  // Making a link (it replaces the school's live one; nothing else here reads it): each school admin for their own school; the platform admin has no school there.
  ["POST",   "/admin/staff",                                        { $form: { intent: "create-invitation" } }, LOGIN, NOT_ADMIN, NOT_ADMIN, "200", "200", "400", BLOCKED, LOGIN, LOGIN],
  // The school's staff sign-in card (ADR 211): saving the settings it already has (none) changes nothing; another school's admin gets 404.
  ["POST",   "/admin/schools/{school}",                             { $form: { intent: "sign-in" } }, LOGIN, NOT_ADMIN, NOT_ADMIN, "302 /admin/schools/{school}", "404", "302 /admin/schools/{school}", BLOCKED, LOGIN, LOGIN],
  ["POST",   "/admin/schools/{school}",                             { $form: { intent: "move-teacher", userId: "{teacherUser}", schoolId: "{otherSchool}" } }, LOGIN, NOT_ADMIN, NOT_ADMIN, "403", "403", "409", BLOCKED, LOGIN, LOGIN],
  // Any school's invitation link from its page (ADR 237): the school's admins and the platform admin get past the check (an unknown link: an error toast); another school's admin gets 404.
  ["POST",   "/admin/schools/{school}",                             { $form: { intent: "revoke-invitation", id: "999999" } }, LOGIN, NOT_ADMIN, NOT_ADMIN, "302 /admin/schools/{school}", "404", "302 /admin/schools/{school}", BLOCKED, LOGIN, LOGIN],
  ["POST",   "/admin/schools/{otherSchool}",                        { $form: { intent: "revoke-invitation", id: "999999" } }, LOGIN, NOT_ADMIN, NOT_ADMIN, "404", "302 /admin/schools/{otherSchool}", "302 /admin/schools/{otherSchool}", BLOCKED, LOGIN, LOGIN],
  ["GET",    "/signup?invite=not-a-link",                           undefined,                     "404",    NOT_ADMIN, NOT_ADMIN,   "302 /admin/staff", "302 /admin/staff", "302 /admin/staff", BLOCKED, "404", "404"],
  ["POST",   "/signup?invite=not-a-link",                           { $form: { name: "Matrix Invitee", email: "matrix.invitee@example.org", password: "Matrix-Pass-1", confirmPassword: "Matrix-Pass-1" } }, "400", NOT_ADMIN, NOT_ADMIN, "302 /admin/staff", "302 /admin/staff", "302 /admin/staff", BLOCKED, "400", "400"],
  ["GET",    "/admin/create-class",                                 undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "200",      "200",      "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/admin/settings",                                     undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "200",      "200",      "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/admin/survey",                                       undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "200",      "200",      "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/admin/survey/{survey}",                              undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "200",      "200",      "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/admin/survey/{survey}/responses.csv",                undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "200",      "200",      "200",    BLOCKED,  LOGIN, LOGIN],
  // One survey across a school's classes and year groups (issue 38): the school's admins and the platform admin.
  ["GET",    "/admin/schools/{school}/survey/{survey}",             undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "200",      "404",      "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/admin/schools/{school}/survey/{survey}/csv",         undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "200",      "404",      "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/admin/students/{student}/export.json",               undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "200",      "404",      "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/admin/audit",                                        undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "200",      "200",      "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/admin/no-such-page",                                 undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "404",      "404",      "404",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/admin/staff/template.csv",                           undefined,                     LOGIN,    NOT_ADMIN, NOT_ADMIN,   "200",      "200",      "200",    BLOCKED,  LOGIN, LOGIN],
  // The class area: the class's teachers, their school's admin, the platform admin.
  ["GET",    "/class/{class}",                                      undefined,                     "302 /class/{class}/home", "302 /class/{class}/home", "302 /class/{class}/home", "302 /class/{class}/home", "302 /class/{class}/home", "302 /class/{class}/home", "302 /class/{class}/home", "302 /class/{class}/home", "302 /class/{class}/home"],
  ["GET",    "/class/{class}/home",                                 undefined,                     LOGIN,    "200",   TO_OWN_CLASS,  "200",      NO_CLASSES, "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/class/999999/home",                                  undefined,                     LOGIN,    TO_OWN_CLASS, TO_OWN_CLASS, TO_OWN_CLASS, NO_CLASSES, TO_OWN_CLASS, BLOCKED, LOGIN, LOGIN],
  ["GET",    "/class/{class}/create",                               undefined,                     LOGIN,    "200",   TO_OWN_CLASS,  "200",      NO_CLASSES, "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/class/{class}/surveys",                              undefined,                     LOGIN,    "200",   TO_OWN_CLASS,  "200",      NO_CLASSES, "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/class/{class}/surveys/manage",                       undefined,                     LOGIN,    "200",   TO_OWN_CLASS,  "200",      NO_CLASSES, "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/class/{class}/surveys/library",                      undefined,                     LOGIN,    "200",   TO_OWN_CLASS,  "200",      NO_CLASSES, "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/class/{class}/surveys/results/{assignment}",         undefined,                     LOGIN,    "200",   TO_OWN_CLASS,  "200",      NO_CLASSES, "200",    BLOCKED,  LOGIN, LOGIN],
  // issue #38: an assignment's schedule; the assign form for a survey the class cannot be given (none such: 404 inside the class).
  ["GET",    "/class/{class}/surveys/schedule/{assignment}",        undefined,                     LOGIN,    "200",   TO_OWN_CLASS,  "200",      NO_CLASSES, "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/class/{class}/surveys/assign/999999",                undefined,                     LOGIN,    "404",   TO_OWN_CLASS,  "404",      NO_CLASSES, "404",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/class/{class}/surveys/results/{assignment}/csv",     undefined,                     LOGIN,    "200",   TO_OWN_CLASS,  "200",      NO_CLASSES, "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/class/{class}/surveys/results/{assignment}/stream",  undefined,                     "401",    "200",   "404",         "200",      "404",      "200",    "403",    "401", "401"],
  // The class's live stream (issue 36: waiting devices and the class list on the class home and Students page).
  ["GET",    "/class/{class}/live",                                 undefined,                     "401",    "200",   "404",         "200",      "404",      "200",    "403",    "401", "401"],
  // "Remind them" (issue 38): a post of the class's teachers; an assignment that is not the class's is a failure toast on its results.
  ["POST",   "/class/{class}/surveys/results/999999/remind",        { $form: { intent: "send-reminder" } }, LOGIN, "302 /class/{class}/surveys/results/999999", TO_OWN_CLASS, "302 /class/{class}/surveys/results/999999", NO_CLASSES, "302 /class/{class}/surveys/results/999999", BLOCKED, LOGIN, LOGIN],
  // A series over time (issue 38): this class has none, so its teachers get 404 past the class guard.
  ["GET",    "/class/{class}/surveys/series/999999",                undefined,                     LOGIN,    "404",   TO_OWN_CLASS,  "404",      NO_CLASSES, "404",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/class/{class}/surveys/series/999999/csv",            undefined,                     LOGIN,    "404",   TO_OWN_CLASS,  "404",      NO_CLASSES, "404",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/class/{class}/students/manage",                      undefined,                     LOGIN,    "200",   TO_OWN_CLASS,  "200",      NO_CLASSES, "200",    BLOCKED,  LOGIN, LOGIN],
  // The class list import (issue 39.1): the preview saves nothing; a confirm whose preview is not the current plan is 409, nothing saved.
  ["GET",    "/class/{class}/students/import",                      undefined,                     LOGIN,    "200",   TO_OWN_CLASS,  "200",      NO_CLASSES, "200",    BLOCKED,  LOGIN, LOGIN],
  ["POST",   "/class/{class}/students/import",                      { $form: { intent: "preview", csvText: "First name,Last name\nAda,Lovelace\n" } }, LOGIN, "200", TO_OWN_CLASS, "200", NO_CLASSES, "200", BLOCKED, LOGIN, LOGIN],
  ["POST",   "/class/{class}/students/import",                      { $form: { intent: "confirm", csvText: "First name,Last name\nAda,Lovelace\n", fingerprint: "stale" } }, LOGIN, "409", TO_OWN_CLASS, "409", NO_CLASSES, "409", BLOCKED, LOGIN, LOGIN],
  ["GET",    "/class/{class}/student/{student}",                    undefined,                     LOGIN,    "200",   TO_OWN_CLASS,  "200",      NO_CLASSES, "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/class/{class}/student/{student}/delete",             undefined,                     LOGIN,    "200",   TO_OWN_CLASS,  "200",      NO_CLASSES, "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/class/{class}/drawings/nothing.png",                 undefined,                     LOGIN,    "404",   TO_OWN_CLASS,  "404",      NO_CLASSES, "404",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/class/{class}/no-such-page",                         undefined,                     LOGIN,    "404",   TO_OWN_CLASS,  "404",      NO_CLASSES, "404",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/class/{class}/projector",                            undefined,                     LOGIN,    "200",   TO_OWN_CLASS,  "200",      NO_CLASSES, "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/class/999999/projector",                             undefined,                     LOGIN,    TO_OWN_CLASS, TO_OWN_CLASS, TO_OWN_CLASS, NO_CLASSES, TO_OWN_CLASS, BLOCKED, LOGIN, LOGIN],
  ["GET",    "/class/{class}/students/cards",                       undefined,                     LOGIN,    "200",   TO_OWN_CLASS,  "200",      NO_CLASSES, "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/class/{class}/assignments/{assignment}/projector",   undefined,                     LOGIN,    "200",   TO_OWN_CLASS,  "200",      NO_CLASSES, "200",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/class/{class}/assignments/999999/projector",         undefined,                     LOGIN,    "404",   TO_OWN_CLASS,  "404",      NO_CLASSES, "404",    BLOCKED,  LOGIN, LOGIN],
  ["GET",    "/class/999999/assignments/{assignment}/projector",    undefined,                     LOGIN,    TO_OWN_CLASS, TO_OWN_CLASS, TO_OWN_CLASS, NO_CLASSES, TO_OWN_CLASS, BLOCKED, LOGIN, LOGIN],
  ["GET",    "/class/999999/students/cards",                        undefined,                     LOGIN,    TO_OWN_CLASS, TO_OWN_CLASS, TO_OWN_CLASS, NO_CLASSES, TO_OWN_CLASS, BLOCKED, LOGIN, LOGIN],
  // Screen actions of student identity (form posts, `$form`): a refusal that changes nothing for those allowed.
  ["POST",   "/class/{class}/home",                                 { $form: { intent: "refuse-request", requestId: "999999" } }, LOGIN, "302 /class/{class}/home", TO_OWN_CLASS, "302 /class/{class}/home", NO_CLASSES, "302 /class/{class}/home", BLOCKED, LOGIN, LOGIN],
  ["POST",   "/class/{class}/projector",                            { $form: { intent: "admit-request", requestId: "999999" } }, LOGIN, "302 /class/{class}/projector", TO_OWN_CLASS, "302 /class/{class}/projector", NO_CLASSES, "302 /class/{class}/projector", BLOCKED, LOGIN, LOGIN],
  ["POST",   "/class/{class}/students/manage",                      { $form: { intent: "join-rules", joinMode: "nope", newNames: "allow" } }, LOGIN, "400", TO_OWN_CLASS, "400", NO_CLASSES, "400", BLOCKED, LOGIN, LOGIN],
  ["POST",   "/class/{class}/students/manage",                      { $form: { intent: "class-language", locale: "xx" } }, LOGIN, "400", TO_OWN_CLASS, "400", NO_CLASSES, "400", BLOCKED, LOGIN, LOGIN],
  ["POST",   "/class/{class}/students/manage",                      { $form: { intent: "class-language", locale: "" } }, LOGIN, "302 /class/{class}/students/manage", TO_OWN_CLASS, "302 /class/{class}/students/manage", NO_CLASSES, "302 /class/{class}/students/manage", BLOCKED, LOGIN, LOGIN],
  // The school's default language: any admin of the school; another school's admin gets 404 (the school form's other posts answer alike).
  ["POST",   "/admin/schools/{school}",                             { $form: { intent: "language", locale: "" } }, LOGIN, NOT_ADMIN, NOT_ADMIN, "302 /admin/schools/{school}", "404", "302 /admin/schools/{school}", BLOCKED, LOGIN, LOGIN],
  ["POST",   "/class/{class}/students/manage",                      { $form: { intent: "new-code", id: "999999" } }, LOGIN, "302 /class/{class}/students/manage", TO_OWN_CLASS, "302 /class/{class}/students/manage", NO_CLASSES, "302 /class/{class}/students/manage", BLOCKED, LOGIN, LOGIN],
  ["POST",   "/class/{class}/assignments/{assignment}/projector",   { $form: { intent: "reveal-answer", questionUid: "nope", answerRef: "r:999999" } }, LOGIN, "302 /class/{class}/assignments/{assignment}/projector", TO_OWN_CLASS, "302 /class/{class}/assignments/{assignment}/projector", NO_CLASSES, "302 /class/{class}/assignments/{assignment}/projector", BLOCKED, LOGIN, LOGIN],
  ["POST",   "/class/{class}/assignments/{assignment}/projector",   { $form: { intent: "hide-answer", questionUid: "nope", answerRef: "r:999999" } }, LOGIN, "302 /class/{class}/assignments/{assignment}/projector#answer-nope-r-999999", TO_OWN_CLASS, "302 /class/{class}/assignments/{assignment}/projector#answer-nope-r-999999", NO_CLASSES, "302 /class/{class}/assignments/{assignment}/projector#answer-nope-r-999999", BLOCKED, LOGIN, LOGIN],
  ["POST",   "/class/{class}/students/cards",                       { $form: { intent: "nothing" } }, LOGIN, "400", TO_OWN_CLASS, "400", NO_CLASSES, "400", BLOCKED, LOGIN, LOGIN],
  // Auth API.
  ["GET",    "/api/auth/get-session",                               undefined,                     "200",    "200",   "200",         "200",      "200",      "200",    "200",    "200", "200"],
  ["POST",   "/api/auth/change-password",                           {},                            "401",    "400",   "400",         "400",      "400",      "400",    "403",    "401", "401"],
  ["POST",   "/api/auth/update-user",                               {},                            "401",    "200",   "200",         "200",      "200",      "200",    "403",    "401", "401"],
  ["POST",   "/api/auth/delete-user",                               {},                            "401",    "400",   "400",         "400",      "400",      "400",    "403",    "401", "401"],
  // Surveys and the content webhook (a shared secret, never a session).
  ["GET",    "/api/surveys",                                        undefined,                     "401",    "200",   "200",         "200",      "200",      "200",    "403",    "401", "401"],
  ["POST",   "/api/content/webhook",                                {},                            "401",    "401",   "401",         "401",      "401",      "401",    "401",    "401", "401"],
  // Class API: another teacher's or another school's class is 404.
  ["GET",    "/api/classes",                                        undefined,                     "401",    "200",   "200",         "200",      "200",      "200",    "403",    "401", "401"],
  ["POST",   "/api/classes",                                        {},                            "401",    "400",   "400",         "400",      "400",      "400",    "403",    "401", "401"],
  ["GET",    "/api/classes/my-classes",                             undefined,                     "401",    "200",   "200",         "200",      "200",      "200",    "403",    "401", "401"],
  ["GET",    "/api/classes/{class}",                                undefined,                     "401",    "200",   "404",         "200",      "404",      "200",    "403",    "401", "401"],
  ["PUT",    "/api/classes/{class}",                                { name: "5A Sunflowers" },     "401",    "200",   "404",         "200",      "404",      "200",    "403",    "401", "401"],
  ["GET",    "/api/classes/{class}/students-with-contacts",         undefined,                     "401",    "200",   "404",         "200",      "404",      "200",    "403",    "401", "401"],
  ["GET",    "/api/classes/{class}/dashboard",                      undefined,                     "401",    "200",   "404",         "200",      "404",      "200",    "403",    "401", "401"],
  ["GET",    "/api/classes/{class}/online-students",                undefined,                     "401",    "200",   "404",         "200",      "404",      "200",    "403",    "401", "401"],
  ["GET",    "/api/classCodes/class/{class}",                       undefined,                     "401",    "200",   "404",         "200",      "404",      "200",    "403",    "401", "401"],
  ["POST",   "/api/classCodes/generate",                            { classId: "{class}" },        "401",    "201",   "404",         "201",      "404",      "201",    "403",    "401", "401"],
  ["POST",   "/api/classCodes/stop",                                { classId: "{class}" },        "401",    "200",   "404",         "200",      "404",      "200",    "403",    "401", "401"],
  ["POST",   "/api/classes/{class}/user/{teacherUser}",             undefined,                     "401",    "409",   "404",         "409",      "404",      "409",    "403",    "401", "401"],
  ["DELETE", "/api/classes/{class}/user/{teacherUser}",             undefined,                     "401",    "409",   "404",         "409",      "404",      "409",    "403",    "401", "401"],
  ["GET",    "/api/classes/{class}/surveys",                        undefined,                     "401",    "200",   "404",         "200",      "404",      "200",    "403",    "401", "401"],
  ["GET",    "/api/classes/{class}/surveys/assignable",             undefined,                     "401",    "200",   "404",         "200",      "404",      "200",    "403",    "401", "401"],
  ["POST",   "/api/classes/{class}/surveys/{survey}/assign",        undefined,                     "401",    "409",   "404",         "409",      "404",      "409",    "403",    "401", "401"],
  ["PATCH",  "/api/classes/{class}/assignments/{assignment}/status", {},                            "401",    "400",   "400",         "400",      "400",      "400",    "403",    "401", "401"],
  ["PATCH",  "/api/classes/{class}/assignments/{assignment}",       { anonymous: "yes" },          "401",    "400",   "400",         "400",      "400",      "400",    "403",    "401", "401"],
  ["GET",    "/api/classes/{class}/assignments/{assignment}/stats", undefined,                     "401",    "200",   "404",         "200",      "404",      "200",    "403",    "401", "401"],
  ["DELETE", "/api/classes/{class}/students/{student}/tokens",      undefined,                     "401",    "200",   "404",         "200",      "404",      "200",    "403",    "401", "401"],
  // User API: admins only (teachers get 404); a school admin sees their own school's staff only.
  ["GET",    "/api/users/all",                                      undefined,                     "401",    "404",   "404",         "200",      "200",      "200",    "403",    "401", "401"],
  ["GET",    "/api/users/with-classes",                             undefined,                     "401",    "404",   "404",         "200",      "200",      "200",    "403",    "401", "401"],
  ["POST",   "/api/users/bulk-create",                              {},                            "401",    "404",   "404",         "400",      "400",      "400",    "403",    "401", "401"],
  ["GET",    "/api/users/me/with-school",                           undefined,                     "401",    "200",   "200",         "200",      "200",      "200",    "403",    "401", "401"],
  ["GET",    "/api/users/{teacherUser}/with-school",                undefined,                     "401",    "404",   "404",         "200",      "404",      "200",    "403",    "401", "401"],
  ["PATCH",  "/api/users/{teacherUser}",                            {},                            "401",    "404",   "404",         "200",      "404",      "200",    "403",    "401", "401"],
  ["PATCH",  "/api/users/{otherSchoolAdmin}",                       {},                            "401",    "404",   "404",         "404",      "200",      "200",    "403",    "401", "401"],
  ["GET",    "/api/surveys/{survey}/responses",                     undefined,                     "401",    "404",   "404",         "200",      "200",      "200",    "403",    "401", "401"],
  // Student API: the student token only; a session cookie is no student.
  ["POST",   "/api/student/v1/join",                                {},                            "400",    "400",   "400",         "400",      "400",      "400",    "400",    "400", "400"],
  ["POST",   "/api/student/v1/join/collect",                        {},                            "400",    "400",   "400",         "400",      "400",      "400",    "400",    "400", "400"],
  ["POST",   "/api/student/v1/heartbeat",                           {},                            "401",    "401",   "401",         "401",      "401",      "401",    "401",    "200", "401"],
  ["GET",    "/api/student/v1/assignments",                         undefined,                     "401",    "401",   "401",         "401",      "401",      "401",    "401",    "200", "401"],
  ["GET",    "/api/student/v1/surveys/{studentSurvey}",             undefined,                     "401",    "401",   "401",         "401",      "401",      "401",    "401",    "200", "401"],
  ["GET",    "/api/student/v1/surveys/{survey}",                    undefined,                     "401",    "401",   "401",         "401",      "401",      "401",    "401",    "404", "401"],
  ["POST",   "/api/student/v1/assignments/{studentAssignment}/responses", {},                      "401",    "401",   "401",         "401",      "401",      "401",    "401",    "400", "401"],
  ["POST",   "/api/student/v1/assignments/{studentAssignment}/drawings",  {},                      "401",    "401",   "401",         "401",      "401",      "401",    "401",    "400", "401"],
  ["GET",    "/api/student/v1/openapi.json",                        undefined,                     "200",    "200",   "200",         "200",      "200",      "200",    "200",    "200", "200"],
  // The students' side in the browser: the student cookie only; a staff session is sent to /join, which explains.
  ["GET",    "/join",                                               undefined,                     "200",    "200",   "200",         "200",      "200",      "200",    "200",    "200",    "200"],
  ["GET",    "/join/waiting",                                       undefined,                     TO_JOIN,  TO_JOIN, TO_JOIN,       TO_JOIN,    TO_JOIN,    TO_JOIN,  TO_JOIN,  TO_JOIN,  TO_JOIN],
  ["GET",    "/student",                                            undefined,                     TO_JOIN,  TO_JOIN, TO_JOIN,       TO_JOIN,    TO_JOIN,    TO_JOIN,  TO_JOIN,  TO_JOIN,  "200"],
  ["GET",    "/student/assignments/{studentAssignment}",            undefined,                     TO_JOIN,  TO_JOIN, TO_JOIN,       TO_JOIN,    TO_JOIN,    TO_JOIN,  TO_JOIN,  TO_JOIN,  "200"],
  ["GET",    "/student/assignments/{studentAssignment}/thanks",     undefined,                     TO_JOIN,  TO_JOIN, TO_JOIN,       TO_JOIN,    TO_JOIN,    TO_JOIN,  TO_JOIN,  TO_JOIN,  "200"],
  ["GET",    "/student/assignments/999999",                         undefined,                     TO_JOIN,  TO_JOIN, TO_JOIN,       TO_JOIN,    TO_JOIN,    TO_JOIN,  TO_JOIN,  TO_JOIN,  "404"],
  ["GET",    "/student/sign-out",                                   undefined,                     TO_JOIN,  TO_JOIN, TO_JOIN,       TO_JOIN,    TO_JOIN,    TO_JOIN,  TO_JOIN,  TO_JOIN,  TO_JOIN],
  ["POST",   "/student/heartbeat",                                  undefined,                     "401",    "401",   "401",         "401",      "401",      "401",    "401",    "401",    "204"],
  ["POST",   "/student/assignments/{studentAssignment}/drawings",   {},                            "401",    "401",   "401",         "401",      "401",      "401",    "401",    "401",    "400"],
  // Operations and the catch-all.
  ["GET",    "/healthz",                                            undefined,                     "200",    "200",   "200",         "200",      "200",      "200",    "200",    "200", "200"],
  // The benchmark's reference page exists only when the bench run enables it.
  ["GET",    "/bench/reference",                                    undefined,                     "404",    "404",   "404",         "404",      "404",      "404",    "404",    "404", "404"],
  ["GET",    "/readyz",                                             undefined,                     "200",    "200",   "200",         "200",      "200",      "200",    "200",    "200", "200"],
  ["GET",    "/no-such-page",                                       undefined,                     "404",    "404",   "404",         "404",      "404",      "404",    "404",    "404", "404"],
];

/** Data, not just status: in a 200 answer, `text` appears for exactly these actors. */
// biome-ignore format: the table is aligned for reading
const VISIBLE: [method: string, path: string, text: string, seenBy: Actor[]][] = [
  ["GET", "/api/classes",                        "5A Sunflowers",                  ["teacher", "schoolAdmin", "platformAdmin"]],
  ["GET", "/api/classes/my-classes",             "5A Sunflowers",                  ["teacher", "schoolAdmin", "platformAdmin"]],
  ["GET", "/api/users/all",                      "amara.okafor@riverside.example", ["schoolAdmin", "platformAdmin"]],
  ["GET", "/api/users/all",                      "head@elsewhere.example",         ["otherSchoolAdmin", "platformAdmin"]],
  ["GET", "/api/users/with-classes",             "amara.okafor@riverside.example", ["schoolAdmin", "platformAdmin"]],
  ["GET", "/admin/staff",                        "amara.okafor@riverside.example", ["schoolAdmin", "platformAdmin"]],
  ["GET", "/admin/staff/{teacherUser}/edit",        "amara.okafor@riverside.example", ["schoolAdmin", "platformAdmin"]],
  ["GET", "/admin/schools",                      "Riverside Primary School",       ["schoolAdmin", "platformAdmin"]],
  ["GET", "/admin/schools",                      "Elsewhere High School",          ["otherSchoolAdmin", "platformAdmin"]],
  ["GET", "/admin/staff",                        "Invitation link",                ["schoolAdmin", "otherSchoolAdmin"]],
  ["GET", "/admin/schools/{school}",             "Invitation link",                ["platformAdmin"]],
  ["GET", "/class/{class}/home",                 "5A Sunflowers",                  ["teacher", "schoolAdmin", "platformAdmin"]],
  ["GET", "/class/{class}/projector",            "Join 5A Sunflowers",             ["teacher", "schoolAdmin", "platformAdmin"]],
  ["GET", "/class/{class}/students/cards",       "Sign-in cards for 5A Sunflowers", ["teacher", "schoolAdmin", "platformAdmin"]],
  ["GET", "/class/{class}/assignments/{assignment}/projector", "Projector: Reading habits", ["teacher", "schoolAdmin", "platformAdmin"]],
  ["GET", "/api/users/me/with-school",           "Riverside Primary School",       ["teacher", "otherTeacher", "schoolAdmin"]],
  ["GET", "/student",                            "Matrix Webstudent",              ["studentWeb"]],
];

let app: AppServer<ActorsWorld>;
let actors: Record<Actor, ActorCredentials>;
let ids: DemoIds;
let provider: OidcTestProvider;

beforeAll(async () => {
  // The actors and their data are the file's own (createActorsWorld); Google sign-in goes to a provider on loopback.
  const signIn = await startSignInProvider();
  provider = signIn.provider;
  app = await startAppServer({
    env: { LOG_LEVEL: "info", ...signIn.env },
    catchMail: true,
    fixtures: createActorsWorld,
  });
  ({ actors, ids } = await setUpActors(app));
});

afterAll(async () => {
  await provider?.close();
});

function fill(text: string): string {
  const values: Record<string, number> = {
    class: ids.classId,
    assignment: ids.assignmentId,
    student: ids.studentId,
    survey: ids.surveyId,
    studentSurvey: ids.studentSurveyId,
    school: ids.schoolId,
    otherSchool: ids.otherSchoolId,
    teacherUser: ids.teacherUserId,
    otherSchoolAdmin: ids.otherSchoolAdminUserId,
    studentAssignment: ids.studentAssignmentId,
  };
  return text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));
}

function fillBody(body: unknown): unknown {
  if (body === undefined) return undefined;
  // A placeholder standing alone becomes a number.
  return JSON.parse(fill(JSON.stringify(body)).replace(/"(\d+)"/g, "$1"));
}

function expectedCell(cell: string, path: string): string | RegExp {
  if (cell === LOGIN) return path === "/" ? "302 /login" : `302 /login?${new URLSearchParams({ redirectTo: path })}`;
  if (cell === TO_PROVIDER) return new RegExp(`^302 ${provider.issuer.replace(/[.]/g, "\\.")}/auth\\?.*\\bstate=`);
  const filled = fill(cell);
  if (!filled.includes("*")) return filled;
  return new RegExp(`^${filled.replace(/[.?+^$()[\]\\|]/g, "\\$&").replace(/\*/g, "\\d+")}$`);
}

test("the matrix covers every actor in every row", () => {
  for (const [method, path, , ...cells] of MATRIX) expect(cells, `${method} ${path}`).toHaveLength(ACTORS.length);
});

test("the matrix has a row for every route in app/routes.ts (add one when you add a route)", () => {
  const flatten = (entries: RouteConfigEntry[], parent = ""): string[] =>
    entries.flatMap((entry) => {
      const own = entry.path ? `${parent}/${entry.path}` : parent;
      return [own || "/", ...flatten(entry.children ?? [], own)];
    });
  const asPattern = (path: string) =>
    path.replace(/^\/api\/auth\/.*/, "/api/auth/*").replace(/\{\w+\}|:\w+|\d{3,}|nothing\.png|no-such-page|\*$/g, "·");
  const covered = new Set(MATRIX.map(([, path]) => asPattern(path)));
  const missing = flatten(routes as RouteConfigEntry[]).filter((path) => !covered.has(asPattern(path)));
  expect(missing).toEqual([]);
});

describe.each(
  MATRIX.map(([method, path, body, ...cells]) => ({ name: `${method} ${path}`, method, path, body, cells })),
)("$name", ({ method, path, body, cells }) => {
  test("each actor gets its cell", async () => {
    const url = fill(path);
    const observed: Record<string, string> = {};
    const expected: Record<string, string | RegExp> = {};
    for (const [index, actor] of ACTORS.entries()) {
      const response = await api(app, actors[actor], method, url, fillBody(body));
      const location = response.headers.get("location");
      observed[actor] = location ? `${response.status} ${location}` : String(response.status);
      expected[actor] = expectedCell(cells[index], url);
      if (response.status >= 400 && url.startsWith("/api/")) {
        const problem = (await response.json()) as { code?: unknown; message?: unknown };
        expect(
          typeof problem.code === "string" && typeof problem.message === "string",
          `${actor}: { code, message }`,
        ).toBe(true);
      } else {
        await response.body?.cancel();
      }
    }
    expect(observed, `observed: ${JSON.stringify(observed)}`).toEqual(
      Object.fromEntries(
        Object.entries(expected).map(([actor, cell]) => [
          actor,
          typeof cell === "string" ? cell : expect.stringMatching(cell),
        ]),
      ),
    );
  });
});

describe.each(
  VISIBLE.map(([method, path, text, seenBy]) => ({
    name: `${method} ${path} shows "${text}"`,
    method,
    path,
    text,
    seenBy,
  })),
)("$name", ({ method, path, text, seenBy }) => {
  test("to exactly the actors listed", async () => {
    const sees: Record<string, boolean> = {};
    for (const actor of ACTORS) {
      const response = await api(app, actors[actor], method, fill(path));
      // What the page shows, not the message catalogue its scripts carry (ADR 215).
      const body = (await response.text()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
      sees[actor] = response.status === 200 && body.includes(text);
    }
    expect(sees, `observed: ${JSON.stringify(sees)}`).toEqual(
      Object.fromEntries(ACTORS.map((actor) => [actor, seenBy.includes(actor)])),
    );
  });
});

/**
 * /api/auth/* — the JSON auth calls (docs/product.md#accounts) for the student app and
 * integrations, on the same domain functions as the screens. Errors are
 * `{ code, message }`; an answer that should move the browser carries
 * `url` and `redirect: true`.
 */
import { z } from "zod";
import {
  deleteUserSchema,
  forgotPasswordSchema,
  signInSchema,
  signUpSchema,
  updateUserSchema,
} from "~/lib/schemas/auth";
import { newPasswordSchema } from "~/lib/schemas/password";
import { emptyBody, strictBody } from "~/lib/schemas/strict-body";
import { untrimmedText } from "~/lib/schemas/text";
import type { App } from "~/server/app.server";
import {
  changePassword,
  deleteOwnAccount,
  requestPasswordReset,
  resetPassword,
  SIGN_UP_DONE_MESSAGE,
  signUp,
  updateOwnProfile,
  verifyCredentials,
  verifyEmail,
} from "~/server/auth/accounts.server";
import { isBlocked, loadCurrentUser, serializeCurrentUser } from "~/server/auth/current-user.server";
import { readDeviceEntries, rememberDevice } from "~/server/auth/device-cookie.server";
import { getRequestAuth, requireApiUser, safeRedirectPath } from "~/server/auth/guards.server";
import {
  createSession,
  destroySessionCookie,
  endSession,
  revokeAllSessions,
  revokeOtherSessions,
} from "~/server/auth/session.server";
import { clientAddress, getAppFromContext } from "~/server/context.server";
import { getLanguage } from "~/server/i18n/i18n.server";
import { handleApi, parseInput, readJsonBody } from "~/server/web/api.server";
import { jsonError } from "~/server/web/json-error.server";
import type { Route } from "./+types/auth";

/** The API's bodies are strict (unknown keys are a 400); the forms' schemas are shared field by field. */
const apiSignInSchema = strictBody({
  email: signInSchema.shape.email,
  password: signInSchema.shape.password,
  /** Checked where it is used (safeRedirectPath): anything that is not a same-site path falls back. */
  callbackURL: z.string().optional(),
});

const apiSignUpSchema = strictBody({
  name: z.string(),
  email: z.string(),
  password: z.string(),
  confirmPassword: z.string().optional(),
})
  .transform((v: { name: string; email: string; password: string; confirmPassword?: string }) => ({
    ...v,
    confirmPassword: v.confirmPassword ?? v.password,
  }))
  .pipe(signUpSchema);

const apiChangePasswordSchema = strictBody({
  currentPassword: untrimmedText("Current password is required").min(1, "Current password is required"),
  newPassword: newPasswordSchema,
  revokeOtherSessions: z.boolean().optional(),
});

const apiUpdateUserSchema = strictBody(updateUserSchema.shape);
const apiDeleteUserSchema = strictBody(deleteUserSchema.shape);
const apiForgotPasswordSchema = strictBody(forgotPasswordSchema.shape);

const apiResetPasswordSchema = strictBody({
  token: untrimmedText("This reset link is not valid.").min(1, "This reset link is not valid.").max(200),
  newPassword: newPasswordSchema,
});

type Handler = (args: { request: Request; context: Route.ActionArgs["context"]; app: App }) => Promise<Response>;

function withCookie(body: unknown, setCookie: string, deviceSetCookie?: string): Response {
  const headers = new Headers();
  headers.append("Set-Cookie", setCookie);
  if (deviceSetCookie) headers.append("Set-Cookie", deviceSetCookie);
  return Response.json(body, { headers });
}

const getHandlers: Record<string, Handler> = {
  "get-session": async ({ request, context }) => {
    const { session, loaded } = await getRequestAuth(request, context);
    if (!session || !loaded) return Response.json(null);
    return Response.json({
      session: { expiresAt: session.expiresAt.toISOString(), userId: session.userId },
      user: serializeCurrentUser(loaded.user),
      ...(loaded.error ? { error: loaded.error } : {}),
    });
  },
  "verify-email": async ({ request, app }) => {
    const url = new URL(request.url);
    await verifyEmail(app.db, url.searchParams.get("token") ?? "");
    const callbackURL = url.searchParams.get("callbackURL");
    return Response.json(
      callbackURL ? { status: true, redirect: true, url: safeRedirectPath(callbackURL, "/") } : { status: true },
    );
  },
};

const postHandlers: Record<string, Handler> = {
  "sign-in/email": async ({ request, context, app }) => {
    const { callbackURL, ...input } = parseInput(apiSignInSchema, await readJsonBody(request));
    const { deviceCookie } = app.sessionCookie;
    const knownDevices = await readDeviceEntries(deviceCookie, request);
    const userId = await verifyCredentials(app.db, input, clientAddress(context), knownDevices, app.oidc.providers);
    const session = await createSession(app, userId, request, clientAddress(context));
    const loaded = await loadCurrentUser(app.db, userId);
    const user = loaded ? serializeCurrentUser(loaded.user) : null;
    const target =
      loaded && isBlocked(loaded.user) ? "/blocked" : callbackURL ? safeRedirectPath(callbackURL, "/") : null;
    return withCookie(
      target ? { redirect: true, url: target, user } : { redirect: false, user },
      session.setCookie,
      await rememberDevice(deviceCookie, request, userId),
    );
  },
  "sign-up/email": async ({ request, context, app }) => {
    const input = parseInput(apiSignUpSchema, await readJsonBody(request));
    // The same answer whether the address is new or already has an account; no session (ADR 196).
    // With PUBLIC_SIGNUP=off it is refused (403): only a school's invitation link signs up (ADR 214).
    // The school of their own is named in the request's language (Accept-Language; issue 36).
    await signUp(app, input, clientAddress(context), {
      publicSignUp: app.config.publicSignUp,
      language: getLanguage(context),
    });
    return Response.json({ status: true, message: SIGN_UP_DONE_MESSAGE });
  },
  "sign-out": async ({ request, app }) => {
    parseInput(emptyBody, await readJsonBody(request));
    return withCookie({ success: true }, await endSession(app, request));
  },
  "change-password": async ({ request, context, app }) => {
    const user = await requireApiUser(request, context);
    const { session } = await getRequestAuth(request, context);
    const input = parseInput(apiChangePasswordSchema, await readJsonBody(request));
    // revokeOtherSessions is always true (docs/product.md#change-password-dialog), whatever the body says.
    await changePassword(app.db, user, session!.id, { ...input, confirmPassword: input.newPassword });
    return Response.json({ status: true });
  },
  "update-user": async ({ request, context, app }) => {
    const user = await requireApiUser(request, context);
    await updateOwnProfile(app.db, user, parseInput(apiUpdateUserSchema, await readJsonBody(request)));
    return Response.json({ status: true });
  },
  "revoke-sessions": async ({ request, context, app }) => {
    const user = await requireApiUser(request, context);
    parseInput(emptyBody, await readJsonBody(request));
    await revokeAllSessions(app.db, user.id);
    return withCookie({ status: true }, await destroySessionCookie(app.sessionCookie));
  },
  "revoke-other-sessions": async ({ request, context, app }) => {
    const user = await requireApiUser(request, context);
    const { session } = await getRequestAuth(request, context);
    parseInput(emptyBody, await readJsonBody(request));
    await revokeOtherSessions(app.db, user.id, session!.id);
    return Response.json({ status: true });
  },
  "delete-user": async ({ request, context, app }) => {
    const user = await requireApiUser(request, context);
    const { password } = parseInput(apiDeleteUserSchema, await readJsonBody(request));
    const deletion = await deleteOwnAccount(app.db, user, password);
    return withCookie(
      { success: true, redirect: true, url: "/login", ...deletion },
      await destroySessionCookie(app.sessionCookie),
    );
  },
  "forget-password": async ({ request, context, app }) => {
    const { email } = parseInput(apiForgotPasswordSchema, await readJsonBody(request));
    await requestPasswordReset(app, email, clientAddress(context), app.oidc.providers);
    return Response.json({ status: true });
  },
  "reset-password": async ({ request, app }) => {
    await resetPassword(app.db, parseInput(apiResetPasswordSchema, await readJsonBody(request)), app.oidc.providers);
    return Response.json({ status: true });
  },
};

function dispatch(handlers: Record<string, Handler>, args: Route.LoaderArgs | Route.ActionArgs) {
  return handleApi(async () => {
    const handler = handlers[args.params["*"] ?? ""];
    if (!handler) return jsonError(404, "NOT_FOUND", "Not Found");
    return handler({ request: args.request, context: args.context, app: getAppFromContext(args.context) });
  }, args.context);
}

export function loader(args: Route.LoaderArgs) {
  return dispatch(getHandlers, args);
}

export function action(args: Route.ActionArgs) {
  if (args.request.method !== "POST") return jsonError(405, "METHOD_NOT_ALLOWED", "Use POST for this call.");
  return dispatch(postHandlers, args);
}

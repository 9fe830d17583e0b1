/**
 * The one way a screen's action reads which button was pressed (ADR 224).
 * A page with several forms or buttons tells them apart by a named `intent`;
 * the action names the intents it takes, and anything else (a hand-made
 * post, an old page's button) gets one answer on every screen: a 400
 * `{ code: "BAD_REQUEST", message: "Unknown action." }`, which the error
 * boundary shows in the layout's frame. Nothing is changed.
 *
 *   const intent = await readIntent(context, formData.get("intent"), ["archive", "restore"]);
 */
import type { RouterContextProvider } from "react-router";
import { getServerT } from "../i18n/i18n.server";
import { jsonError } from "./json-error.server";

/** The intent `value` names when it is one of `known`; otherwise the one unknown-intent answer is thrown. */
export async function readIntent<const Intent extends string>(
  context: Readonly<RouterContextProvider>,
  value: unknown,
  known: readonly Intent[],
): Promise<Intent> {
  if (typeof value === "string" && (known as readonly string[]).includes(value)) return value as Intent;
  throw await unknownIntent(context);
}

/** The one answer to an intent the screen does not take (thrown by readIntent; for a check readIntent cannot make). */
export async function unknownIntent(context: Readonly<RouterContextProvider>): Promise<Response> {
  const t = await getServerT(context, "staff");
  return jsonError(400, "BAD_REQUEST", t("Unknown action."));
}

/** The intents of a form schema that is a union of objects each with a literal `intent` (conform's several-forms pattern). */
export function intentsOf<const Intent extends string>(schema: {
  options: readonly { shape: { intent: { value: Intent } } }[];
}): Intent[] {
  return schema.options.map((option) => option.shape.intent.value);
}

/**
 * The Admit and Refuse buttons of a waiting join request, on the class home
 * and the projector view (app/components/class/waiting-join-requests.tsx):
 * one parse and one answer for both screens, a redirect back with a toast.
 */
import type { TFunction } from "i18next";
import { z } from "zod";
import { recordIdSchema } from "~/lib/schemas/ids";
import { admitJoinRequest, refuseJoinRequest } from "../class-codes/join-requests.server";
import type { Actor } from "../classes/class-scope.server";
import type { Db } from "../db/client.server";
import { redirectWithSuccess } from "../redirects.server";
import { redirectWithFailure } from "./screen-errors.server";

/** The two buttons' intents. */
export const JOIN_REQUEST_INTENTS = ["admit-request", "refuse-request"] as const;

export const joinRequestDecisionSchema = z.object({
  intent: z.enum(JOIN_REQUEST_INTENTS),
  requestId: recordIdSchema("requestId"),
});

/** Parses the posted decision; null when the form is not one (the caller answers for other intents). */
export function parseJoinRequestDecision(form: FormData) {
  const parsed = joinRequestDecisionSchema.safeParse({ intent: form.get("intent"), requestId: form.get("requestId") });
  return parsed.success ? parsed.data : null;
}

/** Admits or refuses, then back to `here` with a toast saying what happened (or why not). */
export async function decideJoinRequest(
  db: Db,
  actor: Actor,
  classId: number,
  decision: z.infer<typeof joinRequestDecisionSchema>,
  here: string,
  /** The staff catalogue's translator for the request's language (getServerT(context, "staff")). */
  t: TFunction,
): Promise<Response> {
  try {
    if (decision.intent === "admit-request") {
      const admitted = await admitJoinRequest(db, actor, { classId, requestId: decision.requestId });
      return redirectWithSuccess(
        here,
        admitted.newStudent
          ? t("{name} is now on the class list and can come in.", { name: admitted.name })
          : t("{name} can come in now.", { name: admitted.name }),
      );
    }
    const refused = await refuseJoinRequest(db, actor, { classId, requestId: decision.requestId });
    return redirectWithSuccess(here, t("{name} was not let in.", { name: refused.name }));
  } catch (error) {
    return redirectWithFailure(
      here,
      error,
      decision.intent === "admit-request" ? t("Failed to let the student in") : t("Failed to refuse the request"),
      t,
    );
  }
}

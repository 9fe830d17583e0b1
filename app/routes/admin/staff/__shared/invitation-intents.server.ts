/**
 * The invitation link's two buttons (ADR 214, ADR 237): "create-invitation"
 * answers in place with the new link (shown once, never stored), and
 * "revoke-invitation" switches the live one off. The staff list (a school
 * admin's own school) and a school's page (a platform admin) both post them.
 */

import { parseRecordId } from "~/lib/schemas/ids";
import type { CurrentUser } from "~/server/auth/current-user.server";
import type { Db } from "~/server/db/client.server";
import type { Say } from "~/server/i18n/refusal-text.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { redirectWithError, redirectWithSuccess } from "~/server/redirects.server";
import { createSchoolInvitation, revokeSchoolInvitation } from "~/server/schools/invitations.server";
import { redirectWithFailure } from "~/server/web/screen-errors.server";

export const INVITATION_INTENTS = ["create-invitation", "revoke-invitation"] as const;

export function isInvitationIntent(intent: unknown): intent is (typeof INVITATION_INTENTS)[number] {
  return INVITATION_INTENTS.some((known) => known === intent);
}

export async function answerInvitationIntent({
  db,
  mailer,
  user,
  schoolId,
  intent,
  formData,
  here,
  t,
}: {
  db: Db;
  mailer: Mailer;
  user: CurrentUser;
  schoolId: number;
  intent: (typeof INVITATION_INTENTS)[number];
  formData: FormData;
  /** Where the page is: the redirect after a switch-off, and after a refusal. */
  here: string;
  t: Say;
}) {
  try {
    if (intent === "create-invitation") {
      const created = await createSchoolInvitation(db, user, schoolId);
      return {
        invitationLink: {
          link: mailer.link(`/signup?invite=${encodeURIComponent(created.token)}`),
          expiresAt: created.expiresAt,
        },
      };
    }
    const id = parseRecordId(String(formData.get("id") ?? ""));
    if (id === null) return redirectWithError(here, t("That invitation link could not be found."));
    await revokeSchoolInvitation(db, user, schoolId, id);
    return redirectWithSuccess(here, t("The invitation link is switched off. Nobody can sign up with it now."));
  } catch (error) {
    return redirectWithFailure(here, error, t("The invitation link could not be changed. Please try again."), t);
  }
}

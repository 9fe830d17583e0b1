import { z } from "zod";
import { requireUser } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { getServerT, translatorFor } from "~/server/i18n/i18n.server";
import { redirect, redirectWithSuccess } from "~/server/redirects.server";
import { setOwnLanguage } from "~/server/users/language-choice.server";
import { redirectWithFailure } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/language";

const languageForm = z.object({
  locale: z.string().max(20).optional(),
  redirectTo: z.string().max(2000).optional(),
});

/** The profile menu's language form posts here; a GET changes nothing and goes home. */
export function loader() {
  return redirect("/");
}

/**
 * Saves the staff member's own language (issue #28) and goes back to the
 * page they were on, which then renders in that language; the toast says so
 * in the language chosen. With no choice ("") the school's default, then the
 * browser's, apply again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const { db } = getAppFromContext(context);
  const parsed = languageForm.safeParse(Object.fromEntries(await request.formData()));
  const back = parsed.success && parsed.data.redirectTo ? parsed.data.redirectTo : "/";
  if (!parsed.success) return redirect(back);
  try {
    const chosen = await setOwnLanguage(db, user, parsed.data.locale ?? null);
    const t = translatorFor(chosen ?? user.school?.locale ?? "en", "staff");
    return redirectWithSuccess(back, t("Language saved."));
  } catch (error) {
    const t = await getServerT(context, "staff");
    return redirectWithFailure(back, error, t("The language could not be saved. Please try again."));
  }
}

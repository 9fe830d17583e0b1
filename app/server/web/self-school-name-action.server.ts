/**
 * The "Your school" form of /account/password (issue 36): a self-signed-up
 * teacher renames the school of their own. Field errors come back with the
 * form (`form: "school-name"`, so the page's password form ignores them);
 * success is a redirect with a toast. The rule is the domain's
 * (renameOwnSelfSchool).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { z } from "zod";
import { schoolNameSchema } from "~/lib/schemas/admin";
import type { Actor } from "../classes/class-scope.server";
import type { Db } from "../db/client.server";
import { redirectWithSuccess } from "../redirects.server";
import { renameOwnSelfSchool } from "../schools/self-school-name.server";
import { formErrorReply, formReply } from "./screen-errors.server";

export const RENAME_SCHOOL_INTENT = "rename-school";

const renameSchema = z.object({ intent: z.literal(RENAME_SCHOOL_INTENT), name: schoolNameSchema });

export async function renameSelfSchoolAction(db: Db, actor: Actor, formData: FormData, here: string, t: TFunction) {
  const extra = { form: "school-name" as const };
  const submission = parseWithZod(formData, { schema: renameSchema });
  if (submission.status !== "success") return formReply(submission, { extra });
  try {
    const school = await renameOwnSelfSchool(db, actor, { name: submission.value.name });
    return redirectWithSuccess(here, t("Your school is now called {name}.", { name: school.name }));
  } catch (error) {
    return formErrorReply(submission, error, { t, messageField: "name", extra });
  }
}

import type { Submission } from "@conform-to/react";
import type { ChangePasswordInput } from "~/lib/schemas/password";
import { changePassword } from "../auth/accounts.server";
import type { CurrentUser } from "../auth/current-user.server";
import type { Db } from "../db/client.server";
import { isDomainError } from "../errors.server";
import { unexpectedErrorLog } from "../logger.server";

export type ChangePasswordOutcome =
  | { kind: "success" }
  | { kind: "wrong-current-password" }
  | { kind: "failed"; message: string }
  | { kind: "unexpected" };

/**
 * Runs the change and classifies the outcome as docs/product.md#change-password-dialog does: a refusal
 * the domain attached to the current-password field is a wrong current
 * password; any other refusal is a failure; anything thrown that is not ours
 * is unexpected.
 */
export async function runChangePassword(
  db: Db,
  user: CurrentUser,
  sessionId: string,
  submission: Submission<ChangePasswordInput> & { status: "success" },
): Promise<ChangePasswordOutcome> {
  try {
    await changePassword(db, user, sessionId, submission.value);
    return { kind: "success" };
  } catch (error) {
    if (isDomainError(error)) {
      if (error.fieldErrors?.currentPassword) return { kind: "wrong-current-password" };
      return { kind: "failed", message: error.message };
    }
    unexpectedErrorLog.error("change_password.unexpected", { error: String(error) });
    return { kind: "unexpected" };
  }
}

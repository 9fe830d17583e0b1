/**
 * A class's join rules (docs/product.md#student-identity): how children
 * prove who they are when they join (class code and name, or class code and
 * personal code), and what happens to a name not on the class list (joins at
 * once, waits for the teacher, or is refused).
 */
import { eq } from "drizzle-orm";
import type { JOIN_MODE_CHOICES, JoinRulesInput, NEW_NAMES_CHOICES } from "~/lib/schemas/classroom";
import { recordClassAuditEvent } from "../audit/audit.server";
import type { Db } from "../db/client.server";
import { classes, type JOIN_MODES, type NEW_NAMES_RULES } from "../db/schema.server";
import { giveMissingPersonalCodes, type PersonalCodeOptions } from "../students/personal-codes.server";
import type { Actor } from "./class-scope.server";
import { getClass } from "./classes.server";

// The form's choices are exactly the database's (app/lib cannot import the schema).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _sameJoinModes: Same<(typeof JOIN_MODE_CHOICES)[number], (typeof JOIN_MODES)[number]> = true;
const _sameNewNames: Same<(typeof NEW_NAMES_CHOICES)[number], (typeof NEW_NAMES_RULES)[number]> = true;
void _sameJoinModes;
void _sameNewNames;

export interface JoinRules extends JoinRulesInput {
  /** How many students got a personal code because the class switched to personal codes. */
  codesGiven: number;
}

/**
 * Sets the class's join rules. Switching to personal codes gives every
 * student on the class list who has none a code, in the same transaction,
 * so no child is locked out by the switch.
 */
export async function setClassJoinRules(
  db: Db,
  actor: Actor,
  input: { classId: number } & JoinRulesInput,
  options: PersonalCodeOptions = {},
): Promise<JoinRules> {
  return db.transaction(async (tx) => {
    const klass = await getClass(tx, actor, input.classId);
    const [before] = await tx
      .select({ joinMode: classes.joinMode, newNames: classes.newNames })
      .from(classes)
      .where(eq(classes.id, klass.id))
      .for("update");
    await tx
      .update(classes)
      .set({ joinMode: input.joinMode, newNames: input.newNames, updatedAt: new Date() })
      .where(eq(classes.id, klass.id));
    const codesGiven = input.joinMode === "personal-code" ? await giveMissingPersonalCodes(tx, klass, options) : 0;
    await recordClassAuditEvent(tx, actor, klass, {
      action: "class.join_rules",
      details: { from: before, to: { joinMode: input.joinMode, newNames: input.newNames }, codesGiven },
    });
    return { joinMode: input.joinMode, newNames: input.newNames, codesGiven };
  });
}

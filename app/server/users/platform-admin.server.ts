import { eq, sql } from "drizzle-orm";
import { newPasswordSchema } from "~/lib/schemas/password";
import { hashPassword } from "../auth/password.server";
import type { Db } from "../db/client.server";
import { credentials, users } from "../db/schema.server";
import { validationError } from "../errors.server";

/**
 * Creates the first platform admin (role admin, no school) when no admin
 * exists yet. Returns true when one was created.
 */
export async function ensurePlatformAdmin(
  db: Db,
  input: { email: string; password: string; name?: string },
): Promise<boolean> {
  const password = newPasswordSchema.safeParse(input.password);
  if (!password.success) throw validationError(`ADMIN_PASSWORD: ${password.error.issues[0].message}`);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7243118002)`);
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
    if (existing) return false;
    const [user] = await tx
      .insert(users)
      .values({
        name: input.name ?? "Platform Admin",
        email: input.email.trim().toLowerCase(),
        role: "admin",
        emailVerified: true,
      })
      .returning({ id: users.id });
    await tx.insert(credentials).values({ userId: user.id, passwordHash });
    return true;
  });
}

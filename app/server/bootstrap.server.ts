/**
 * First-run data. Outside production, in the quick start and with
 * DEMO_DATA=true an empty database gets the demo data; a real production start
 * seeds nothing unless asked, and the first platform admin comes from
 * ADMIN_EMAIL / ADMIN_PASSWORD.
 */
import { count, eq } from "drizzle-orm";
import type { App } from "./app-type.server";
import { users } from "./db/schema.server";
import { seedDemoData } from "./seed/demo-data.server";
import { syncSurveysAtStart } from "./surveys/startup.server";
import { ensurePlatformAdmin } from "./users/platform-admin.server";

export async function bootstrapData(app: Pick<App, "config" | "db" | "content" | "logger">) {
  const { config, db, logger } = app;
  const [{ value: userCount }] = await db.select({ value: count() }).from(users);
  if (userCount === 0 && config.seedDemoData) {
    const summary = await seedDemoData(db, { contentDir: config.CONTENT_DIR });
    if (summary) logger.info("seed.demo_data", { ...summary });
  }
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const created = await ensurePlatformAdmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
    if (created) logger.info("admin.created", { email: config.ADMIN_EMAIL });
  } else if (config.isProduction) {
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
    if (!admin)
      logger.warn("admin.missing", { hint: "set ADMIN_EMAIL and ADMIN_PASSWORD, or run npm run admin:create" });
  }
  // Never throws: a content service that is down is logged, and the registry keeps its rows.
  await syncSurveysAtStart(app);
}

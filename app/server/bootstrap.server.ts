/**
 * First-run data. In development (and with DEMO_DATA=true) an empty database
 * gets the demo data; in production nothing is seeded unless asked, and the
 * first platform admin comes from ADMIN_EMAIL / ADMIN_PASSWORD.
 */
import { count, eq } from "drizzle-orm";
import type { App } from "./app.server";
import { users } from "./db/schema.server";
import { logger } from "./logger.server";
import { scheduleRetention } from "./privacy/retention.server";
import { seedDemoData } from "./seed/demo-data.server";
import { syncSurveysAtStart } from "./surveys/startup.server";
import { ensurePlatformAdmin } from "./users/platform-admin.server";

export async function bootstrapData({ config, db }: App) {
  const [{ value: userCount }] = await db.select({ value: count() }).from(users);
  if (userCount === 0 && (!config.isProduction || config.DEMO_DATA)) {
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
  await syncSurveysAtStart({ config, db });
  // Retention (issue 12): at start, then daily; safe on several instances at once.
  scheduleRetention(db);
}

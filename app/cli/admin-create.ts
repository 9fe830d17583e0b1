/**
 * `npm run admin:create -- --email admin@school.example --password '...'`
 * (or ADMIN_EMAIL / ADMIN_PASSWORD in the environment): creates the first
 * platform admin when the database has no admin yet.
 */
import { parseArgs } from "node:util";
import { parseConfig } from "~/server/config.server";
import { openDatabase } from "~/server/db/client.server";
import { ensurePlatformAdmin } from "~/server/users/platform-admin.server";
import { capitalize, describeDatabase, runCli } from "./cli-support";

await runCli(async () => {
  const { values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
  });
  const config = parseConfig(process.env);
  const email = values.email ?? config.ADMIN_EMAIL;
  const password = values.password ?? config.ADMIN_PASSWORD;
  if (!email || !password) {
    throw new Error("Give the admin's e-mail and password: --email and --password, or ADMIN_EMAIL and ADMIN_PASSWORD");
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: true });
  try {
    const created = await ensurePlatformAdmin(database.db, { email, password, name: values.name });
    console.log(
      created
        ? `Platform admin ${email.trim().toLowerCase()} created in ${describeDatabase(config)}.`
        : `${capitalize(describeDatabase(config))} already has an admin; nothing was created.`,
    );
  } finally {
    await database.close();
  }
});

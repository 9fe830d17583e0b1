/**
 * `npm run db:seed`: migrates, then seeds the demo data (README.md lists the
 * accounts) into an empty database. A database that already has users is
 * left alone.
 */
import { parseConfig } from "~/server/config.server";
import { openDatabase } from "~/server/db/client.server";
import { seedDemoData } from "~/server/seed/demo-data.server";
import { capitalize, describeDatabase, runCli } from "./cli-support";

await runCli(async () => {
  const config = parseConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: true });
  try {
    const summary = await seedDemoData(database.db, { contentDir: config.CONTENT_DIR });
    if (summary) {
      const counts = Object.entries(summary)
        .map(([name, value]) => `${value} ${name}`)
        .join(", ");
      console.log(`Demo data seeded into ${describeDatabase(config)}: ${counts}.`);
    } else {
      console.log(`${capitalize(describeDatabase(config))} already has users; demo data was not seeded.`);
    }
  } finally {
    await database.close();
  }
});

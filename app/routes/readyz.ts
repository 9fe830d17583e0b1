import { sql } from "drizzle-orm";
import { getAppFromContext } from "~/server/context.server";
import type { Route } from "./+types/readyz";

/** Readiness: the database answers a query within a second; 503 otherwise. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, database } = getAppFromContext(context);
  const headers = { "Cache-Control": "no-store" };
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 1000)),
    ]);
    return Response.json({ status: "ok", database: database.kind }, { headers });
  } catch {
    return Response.json({ status: "unavailable", database: database.kind }, { status: 503, headers });
  }
}

/** Shared by the command-line scripts in app/cli (run with tsx). */
import type { Config } from "~/server/config.server";

/** Names the database without its password. */
export function describeDatabase(config: Pick<Config, "DATABASE_URL" | "DATA_DIR">): string {
  if (!config.DATABASE_URL) return `the embedded database in ${config.DATA_DIR}`;
  const url = new URL(config.DATABASE_URL);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Runs a command, printing a failure as one line and exiting non-zero. */
export async function runCli(command: () => Promise<void>): Promise<void> {
  try {
    await command();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}

import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { ConfigError, parseConfig } from "./config.server";

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "orliverse-config-"));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const STRONG_SECRET = "a".repeat(16) + "b".repeat(16);

/** The message parseConfig throws, checked to be a single line. */
function configErrorFor(env: NodeJS.ProcessEnv): string {
  try {
    parseConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).not.toContain("\n");
    return message;
  }
  throw new Error("expected parseConfig to throw");
}

test("the quick start needs no variables at all", () => {
  const config = parseConfig({ DATA_DIR: dataDir });
  expect(config.PORT).toBe(3000);
  expect(config.NODE_ENV).toBe("development");
  expect(config.DATABASE_URL).toBeUndefined();
  expect(config.isProduction).toBe(false);
  expect(config.secureCookies).toBe(false);
  expect(config.sessionSecrets).toHaveLength(1);
});

test("a PORT that is not a port number names PORT", () => {
  expect(configErrorFor({ PORT: "eighty" })).toMatch(/^Configuration error: PORT /);
  expect(configErrorFor({ PORT: "70000" })).toMatch(/^Configuration error: PORT /);
});

test("a DATABASE_URL that is not a postgres URL names DATABASE_URL and what is expected", () => {
  expect(configErrorFor({ DATABASE_URL: "mysql://localhost/db" })).toBe(
    "Configuration error: DATABASE_URL must be a postgres:// or postgresql:// connection string",
  );
});

test("a postgres DATABASE_URL is accepted", () => {
  const config = parseConfig({ DATA_DIR: dataDir, DATABASE_URL: "postgres://app:secret@db:5432/classroom" });
  expect(config.DATABASE_URL).toBe("postgres://app:secret@db:5432/classroom");
});

test("production without SESSION_SECRET stops with a line naming SESSION_SECRET", () => {
  const message = configErrorFor({ NODE_ENV: "production" });
  expect(message).toMatch(/^Configuration error: SESSION_SECRET is required in production/);
  expect(message).toContain("openssl rand -hex 32");
});

test("production with a weak SESSION_SECRET stops with a line naming SESSION_SECRET", () => {
  expect(configErrorFor({ NODE_ENV: "production", SESSION_SECRET: "short-secret" })).toMatch(
    /^Configuration error: SESSION_SECRET is too weak/,
  );
  // Every secret of a rotation list must be strong.
  expect(configErrorFor({ NODE_ENV: "production", SESSION_SECRET: `${STRONG_SECRET},weak` })).toMatch(
    /SESSION_SECRET is too weak/,
  );
});

test("production with strong secrets uses them, first one signing, and secure cookies", () => {
  const other = "c".repeat(40);
  const config = parseConfig({
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    SESSION_SECRET: `${STRONG_SECRET}, ${other}`,
  });
  expect(config.sessionSecrets).toEqual([STRONG_SECRET, other]);
  expect(config.isProduction).toBe(true);
  expect(config.secureCookies).toBe(true);
  expect(
    parseConfig({ NODE_ENV: "production", SESSION_SECRET: STRONG_SECRET, SECURE_COOKIES: "false" }).secureCookies,
  ).toBe(false);
});

test("outside production a session secret is generated once and kept in DATA_DIR", () => {
  const first = parseConfig({ DATA_DIR: dataDir });
  const file = path.join(dataDir, "session-secret");
  expect(readFileSync(file, "utf8").trim()).toBe(first.sessionSecrets[0]);
  expect(first.sessionSecrets[0].length).toBeGreaterThanOrEqual(32);
  expect(statSync(file).mode & 0o777).toBe(0o600);

  const second = parseConfig({ DATA_DIR: dataDir });
  expect(second.sessionSecrets).toEqual(first.sessionSecrets);
});

test("empty values count as unset", () => {
  const config = parseConfig({ DATA_DIR: dataDir, PORT: "", DATABASE_URL: "" });
  expect(config.PORT).toBe(3000);
  expect(config.DATABASE_URL).toBeUndefined();
});

test("prepared statements are on unless DATABASE_PREPARED_STATEMENTS=false (ADR 063)", () => {
  expect(parseConfig({ DATA_DIR: dataDir }).DATABASE_PREPARED_STATEMENTS).toBe(true);
  expect(parseConfig({ DATA_DIR: dataDir, DATABASE_PREPARED_STATEMENTS: "false" }).DATABASE_PREPARED_STATEMENTS).toBe(
    false,
  );
  expect(configErrorFor({ DATABASE_PREPARED_STATEMENTS: "no" })).toBe(
    "Configuration error: DATABASE_PREPARED_STATEMENTS must be true or false",
  );
});

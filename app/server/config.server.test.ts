import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { ConfigError, envSchema, parseConfig } from "./config.server";

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

const PUBLIC_ORIGIN = "https://classroom.example.org";

test("production without SESSION_SECRET stops with a line naming SESSION_SECRET", () => {
  const message = configErrorFor({ NODE_ENV: "production", APP_URL: PUBLIC_ORIGIN });
  expect(message).toMatch(/^Configuration error: SESSION_SECRET is required in production/);
  expect(message).toContain("openssl rand -hex 32");
});

test("production with a weak SESSION_SECRET stops with a line naming SESSION_SECRET", () => {
  expect(configErrorFor({ NODE_ENV: "production", APP_URL: PUBLIC_ORIGIN, SESSION_SECRET: "short-secret" })).toMatch(
    /^Configuration error: SESSION_SECRET is too weak/,
  );
  // Every secret of a rotation list must be strong.
  expect(
    configErrorFor({ NODE_ENV: "production", APP_URL: PUBLIC_ORIGIN, SESSION_SECRET: `${STRONG_SECRET},weak` }),
  ).toMatch(/SESSION_SECRET is too weak/);
});

test("production with strong secrets uses them, first one signing, and secure cookies", () => {
  const other = "c".repeat(40);
  const config = parseConfig({
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    APP_URL: PUBLIC_ORIGIN,
    SESSION_SECRET: `${STRONG_SECRET}, ${other}`,
  });
  expect(config.sessionSecrets).toEqual([STRONG_SECRET, other]);
  expect(config.isProduction).toBe(true);
  expect(config.secureCookies).toBe(true);
  expect(config.strictTransportSecurity).toBe(true);
  expect(config.seedDemoData).toBe(false);
  expect(
    parseConfig({
      NODE_ENV: "production",
      APP_URL: PUBLIC_ORIGIN,
      SESSION_SECRET: STRONG_SECRET,
      SECURE_COOKIES: "false",
    }).secureCookies,
  ).toBe(false);
});

test("a real production start without APP_URL stops with one line naming APP_URL", () => {
  const message = configErrorFor({ NODE_ENV: "production", SESSION_SECRET: STRONG_SECRET });
  expect(message).toMatch(/^Configuration error: APP_URL is required in production/);
  expect(message).toContain("https://classroom.example.org");
});

test("APP_URL must be an http(s) origin without a path; links use it without a trailing slash", () => {
  expect(configErrorFor({ APP_URL: "classroom.example.org" })).toMatch(/^Configuration error: APP_URL must be/);
  expect(configErrorFor({ APP_URL: "ftp://classroom.example.org" })).toMatch(/^Configuration error: APP_URL must be/);
  expect(configErrorFor({ APP_URL: "https://example.org/classroom" })).toMatch(
    /^Configuration error: APP_URL must be the site's origin only/,
  );
  expect(parseConfig({ DATA_DIR: dataDir, APP_URL: "https://classroom.example.org/" }).appUrl).toBe(PUBLIC_ORIGIN);
});

test("without APP_URL, outside a real production start, the public origin is http://localhost:PORT", () => {
  expect(parseConfig({ DATA_DIR: dataDir }).appUrl).toBe("http://localhost:3000");
  expect(parseConfig({ DATA_DIR: dataDir, PORT: "4100" }).appUrl).toBe("http://localhost:4100");
});

test("production over an http origin does not mark cookies Secure and sends no HSTS", () => {
  const config = parseConfig({
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    APP_URL: "http://classroom.school.lan",
    SESSION_SECRET: STRONG_SECRET,
  });
  expect(config.secureCookies).toBe(false);
  expect(config.strictTransportSecurity).toBe(false);
});

test("the quick start is production mode with its own defaults: generated secret, demo data, http://localhost:PORT", () => {
  const config = parseConfig({ DATA_DIR: dataDir, NODE_ENV: "production", QUICK_START: "true", PORT: "3000" });
  expect(config.isProduction).toBe(true);
  expect(config.appUrl).toBe("http://localhost:3000");
  expect(config.secureCookies).toBe(false);
  expect(config.strictTransportSecurity).toBe(false);
  expect(config.seedDemoData).toBe(true);
  expect(readFileSync(path.join(dataDir, "session-secret"), "utf8").trim()).toBe(config.sessionSecrets[0]);
});

test("TRUST_PROXY takes a hop count or addresses and ranges, and names itself when it is neither", () => {
  expect(parseConfig({ DATA_DIR: dataDir }).trustProxy).toBeNull();
  expect(parseConfig({ DATA_DIR: dataDir, TRUST_PROXY: "1" }).trustProxy).toEqual({ hops: 1 });
  expect(parseConfig({ DATA_DIR: dataDir, TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toMatchObject({
    ranges: ["10.0.0.0/8", "127.0.0.1"],
  });
  expect(configErrorFor({ TRUST_PROXY: "true" })).toMatch(
    /^Configuration error: TRUST_PROXY must be a number of proxy hops/,
  );
  expect(configErrorFor({ TRUST_PROXY: "10.0.0.0/33" })).toMatch(/^Configuration error: TRUST_PROXY /);
  expect(configErrorFor({ TRUST_PROXY: "proxy.internal" })).toContain('"proxy.internal" is neither');
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

test("public sign-up is on unless PUBLIC_SIGNUP=off (ADR 214)", () => {
  expect(parseConfig({ DATA_DIR: dataDir }).publicSignUp).toBe(true);
  expect(parseConfig({ DATA_DIR: dataDir, PUBLIC_SIGNUP: "on" }).publicSignUp).toBe(true);
  expect(parseConfig({ DATA_DIR: dataDir, PUBLIC_SIGNUP: "off" }).publicSignUp).toBe(false);
  expect(configErrorFor({ PUBLIC_SIGNUP: "no" })).toBe("Configuration error: PUBLIC_SIGNUP must be on or off");
});

test(".env.example documents every variable the server reads (issue 36)", () => {
  const example = readFileSync(path.join(import.meta.dirname, "../../.env.example"), "utf8");
  const missing = Object.keys(envSchema.shape).filter((name) => !new RegExp(`^#? ?${name}=`, "m").test(example));
  expect(missing).toEqual([]);
});

/**
 * Every environment variable the server reads, validated in one place.
 * A bad value stops the server at start with one line naming the variable.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: z.url({ message: "must be an absolute URL such as https://classroom.example.org" }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection string")
    .optional(),
  /** Prepare repeated queries on PostgreSQL (ADR 063); false for a transaction-mode pooler. */
  DATABASE_PREPARED_STATEMENTS: z
    .enum(["true", "false"], { message: "must be true or false" })
    .default("true")
    .transform((v) => v === "true"),
  DATA_DIR: z.string().min(1).default("./data"),
  SESSION_SECRET: z.string().optional(),
  DEMO_DATA: booleanFlag,
  ADMIN_EMAIL: z.email({ message: "must be an e-mail address" }).optional(),
  ADMIN_PASSWORD: z.string().optional(),
  STORYBLOK_TOKEN: z.string().min(1).optional(),
  STORYBLOK_ENDPOINT: z.url({ message: "must be a URL such as http://127.0.0.1:4000/v2" }).optional(),
  STORYBLOK_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  CONTENT_DIR: z.string().min(1).default("./content"),
  CONTENT_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).default(60),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().default("Orliverse Classroom <no-reply@orliverse.local>"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Unset: Secure cookies in production only. */
  SECURE_COOKIES: z.enum(["true", "false"]).optional(),
});

export type Config = Omit<z.infer<typeof envSchema>, "SESSION_SECRET"> & {
  /** One or more secrets; the first signs, all verify (rotation). */
  sessionSecrets: string[];
  isProduction: boolean;
  secureCookies: boolean;
};

export class ConfigError extends Error {}

const MIN_SECRET_LENGTH = 32;

/** Reads a secret kept in the data directory, creating it on first start. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== "")) as Record<
    string,
    string
  >;
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? "environment");
    throw new ConfigError(`Configuration error: ${name} ${issue.message}`);
  }
  const { SESSION_SECRET, ...values } = parsed.data;
  const isProduction = values.NODE_ENV === "production";
  let sessionSecrets = (SESSION_SECRET ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (isProduction) {
    if (sessionSecrets.length === 0) {
      throw new ConfigError(
        `Configuration error: SESSION_SECRET is required in production (at least ${MIN_SECRET_LENGTH} random characters; generate one with: openssl rand -hex 32)`,
      );
    }
    if (sessionSecrets.some((s) => s.length < MIN_SECRET_LENGTH)) {
      throw new ConfigError(
        `Configuration error: SESSION_SECRET is too weak: each secret needs at least ${MIN_SECRET_LENGTH} characters (generate one with: openssl rand -hex 32)`,
      );
    }
  }
  if (sessionSecrets.length === 0) sessionSecrets = [generatedSecret(values.DATA_DIR)];
  return {
    ...values,
    sessionSecrets,
    isProduction,
    secureCookies: values.SECURE_COOKIES ? values.SECURE_COOKIES === "true" : isProduction,
  };
}

let cached: Config | undefined;

/** The process's configuration, parsed once. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

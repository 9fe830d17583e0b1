/**
 * Every environment variable the server reads, validated in one place.
 * A bad value stops the server at start with one line naming the variable.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isTimeZone } from "~/lib/zoned-time";
import { parseTrustProxy, type TrustProxy } from "./security/trust-proxy.server";

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

function isOriginOnly(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.pathname === "/" || url.pathname === "") && !url.search && !url.hash;
  } catch {
    return false;
  }
}

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: z
    .url({ protocol: /^https?$/, message: "must be an absolute URL such as https://classroom.example.org" })
    .refine(isOriginOnly, {
      message: "must be the site's origin only (such as https://classroom.example.org), without a path",
    })
    .optional(),
  /** Which proxies may say who the client is (ADR 101); unset: none. */
  TRUST_PROXY: z.string().optional(),
  /** `npm start`: a production server with the quick start's defaults (ADR 104). */
  QUICK_START: booleanFlag,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection string")
    .optional(),
  /** Prepare repeated queries on PostgreSQL (ADR 063); false for a transaction-mode pooler. */
  DATABASE_PREPARED_STATEMENTS: z
    .enum(["true", "false"], { message: "must be true or false" })
    .default("true")
    .transform((v) => v === "true"),
  /**
   * How the live results learn of changes (ADR 205): `listen` (PostgreSQL
   * LISTEN/NOTIFY, or PGlite's listen) or `poll` (the change counters, for a
   * transaction-mode pooler such as PgBouncer that cannot LISTEN).
   */
  LIVE_RESULTS_MODE: z.enum(["listen", "poll"], { message: "must be listen or poll" }).default("listen"),
  /** Poll mode: how often the change counters are read, in milliseconds. */
  LIVE_RESULTS_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /** How often a live stream sends its heartbeat comment and re-checks the viewer's access, in milliseconds. */
  LIVE_RESULTS_HEARTBEAT_MS: z.coerce.number().int().min(500).max(60_000).default(15_000),
  /**
   * The memory all open live streams of an instance may hold together, in MB (LIVE_STREAM_LIMITS:
   * each counts 300 kB); past it a new stream is answered 503 (issue #35).
   */
  LIVE_STREAMS_MEMORY_MB: z.coerce.number().int().min(1).max(65_536).default(256),
  DATA_DIR: z.string().min(1).default("./data"),
  SESSION_SECRET: z.string().optional(),
  DEMO_DATA: booleanFlag,
  ADMIN_EMAIL: z.email({ message: "must be an e-mail address" }).optional(),
  ADMIN_PASSWORD: z.string().optional(),
  STORYBLOK_TOKEN: z.string().min(1).optional(),
  STORYBLOK_ENDPOINT: z.url({ message: "must be a URL such as http://127.0.0.1:4000/v2" }).optional(),
  STORYBLOK_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** The space's preview token: checks the visual editor's signed links and reads drafts (ADR 200). */
  STORYBLOK_PREVIEW_TOKEN: z.string().min(1).optional(),
  /** The Storyblok space's numeric id: the editor's links must name it (ADR 200). */
  STORYBLOK_SPACE_ID: z
    .string()
    .regex(/^\d{1,20}$/, "must be the space's numeric id, such as 123456")
    .optional(),
  /** Who may frame the editor preview: origins separated by spaces; default Storyblok's editor (ADR 200). */
  STORYBLOK_EDITOR_ORIGINS: z
    .string()
    .refine(
      (value) =>
        value
          .split(/[\s,]+/)
          .filter(Boolean)
          .every(isOriginOnly),
      {
        message: "must be origins separated by spaces, such as https://app.storyblok.com",
      },
    )
    .optional(),
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
  /** "off": /signup only takes a school's invitation link (ADR 214). */
  /** The time zone of schools that have not chosen one (scheduled surveys open and close in it); an IANA name. */
  SCHOOL_TIME_ZONE: z
    .string()
    .refine(isTimeZone, { message: "must be an IANA time zone such as Europe/Berlin or UTC" })
    .default("UTC"),
  PUBLIC_SIGNUP: z.enum(["on", "off"], { message: "must be on or off" }).default("on"),
  /** Staff sign-in through a school's provider (ADR 210): each provider is on when its client id and secret are set. */
  OIDC_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Only for tests and special set-ups: Google's issuer (default https://accounts.google.com). */
  OIDC_GOOGLE_ISSUER: z.url({ message: "must be an issuer URL such as https://accounts.google.com" }).optional(),
  OIDC_MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  OIDC_MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  /** Only for tests and special set-ups: where Microsoft sign-ins start (default the `organizations` authority). */
  OIDC_MICROSOFT_ISSUER: z
    .url({ message: "must be an issuer URL such as https://login.microsoftonline.com/organizations/v2.0" })
    .optional(),
  OIDC_ISSUER: z.url({ message: "must be the provider's issuer URL, such as https://sso.example.org" }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(60).optional(),
});

/** Which kind of provider: its rules for linking a first sign-in differ (ADR 211). */
export type OidcProviderKind = "google" | "microsoft" | "oidc";

/** One configured sign-in provider (ADR 210). */
export interface OidcProviderConfig {
  /** Its id in paths (/auth/oidc/<id>) and in user_identities.provider. */
  id: OidcProviderKind;
  /** The name on its button: "Sign in with <name>". */
  name: string;
  /** The issuer whose discovery document is read. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export const GOOGLE_ISSUER = "https://accounts.google.com";
export const MICROSOFT_ISSUER = "https://login.microsoftonline.com/organizations/v2.0";

type OidcEnv = Pick<
  z.infer<typeof envSchema>,
  | "OIDC_GOOGLE_CLIENT_ID"
  | "OIDC_GOOGLE_CLIENT_SECRET"
  | "OIDC_GOOGLE_ISSUER"
  | "OIDC_MICROSOFT_CLIENT_ID"
  | "OIDC_MICROSOFT_CLIENT_SECRET"
  | "OIDC_MICROSOFT_ISSUER"
  | "OIDC_ISSUER"
  | "OIDC_CLIENT_ID"
  | "OIDC_CLIENT_SECRET"
  | "OIDC_NAME"
>;

/** The configured providers; a half-configured one stops the server with a line naming what is missing. */
function oidcProvidersFrom(env: OidcEnv): OidcProviderConfig[] {
  const providers: OidcProviderConfig[] = [];
  const pair = (idName: string, id: string | undefined, secretName: string, secret: string | undefined) => {
    if (Boolean(id) !== Boolean(secret)) {
      throw new ConfigError(
        `Configuration error: ${id ? secretName : idName} is needed as well (${idName} and ${secretName} go together)`,
      );
    }
    return Boolean(id && secret);
  };
  const named = [
    { id: "google", name: "Google", key: "GOOGLE", defaultIssuer: GOOGLE_ISSUER },
    { id: "microsoft", name: "Microsoft", key: "MICROSOFT", defaultIssuer: MICROSOFT_ISSUER },
  ] as const;
  for (const { id, name, key, defaultIssuer } of named) {
    const clientId = env[`OIDC_${key}_CLIENT_ID`];
    const clientSecret = env[`OIDC_${key}_CLIENT_SECRET`];
    if (pair(`OIDC_${key}_CLIENT_ID`, clientId, `OIDC_${key}_CLIENT_SECRET`, clientSecret)) {
      providers.push({
        id,
        name,
        issuer: env[`OIDC_${key}_ISSUER`] ?? defaultIssuer,
        clientId: clientId as string,
        clientSecret: clientSecret as string,
      });
    }
  }
  const generic = pair("OIDC_CLIENT_ID", env.OIDC_CLIENT_ID, "OIDC_CLIENT_SECRET", env.OIDC_CLIENT_SECRET);
  if (generic || env.OIDC_ISSUER) {
    if (!env.OIDC_ISSUER || !generic || !env.OIDC_NAME) {
      throw new ConfigError(
        "Configuration error: OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_NAME go together (the name is shown on the sign-in button)",
      );
    }
    providers.push({
      id: "oidc",
      name: env.OIDC_NAME,
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID as string,
      clientSecret: env.OIDC_CLIENT_SECRET as string,
    });
  }
  return providers;
}

export type Config = Omit<
  z.infer<typeof envSchema>,
  "SESSION_SECRET" | "TRUST_PROXY" | "STORYBLOK_EDITOR_ORIGINS" | keyof OidcEnv
> & {
  /** The staff sign-in providers the deployment configured (ADR 210); empty: passwords only. */
  oidcProviders: OidcProviderConfig[];
  /** One or more secrets; the first signs, all verify (rotation). */
  sessionSecrets: string[];
  isProduction: boolean;
  /** The public origin, without a trailing slash: APP_URL, or http://localhost:PORT outside a real production start. */
  appUrl: string;
  /** Cookies are Secure: SECURE_COOKIES, else in production when the public origin is https. */
  secureCookies: boolean;
  /** Send Strict-Transport-Security: in production when the public origin is https (ADR 105). */
  strictTransportSecurity: boolean;
  /** An empty database gets the demo data: outside production, in the quick start, or with DEMO_DATA=true. */
  seedDemoData: boolean;
  trustProxy: TrustProxy;
  /** The origins that may frame the editor preview (STORYBLOK_EDITOR_ORIGINS, else Storyblok's editors). */
  storyblokEditorOrigins: string[];
  /** Anyone may sign up on /signup (PUBLIC_SIGNUP, default on); when false only invitation links can (ADR 214). */
  publicSignUp: boolean;
};

/**
 * Where Storyblok's visual editor runs: app.storyblok.com for spaces in the
 * EU, US, Canada and Australia, app.storyblokchina.cn for China (ADR 200).
 */
export const STORYBLOK_EDITOR_ORIGINS = ["https://app.storyblok.com", "https://app.storyblokchina.cn"];

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
  const { SESSION_SECRET, TRUST_PROXY, STORYBLOK_EDITOR_ORIGINS: editorOrigins, ...rest } = parsed.data;
  const oidcProviders = oidcProvidersFrom(rest);
  const values = Object.fromEntries(Object.entries(rest).filter(([name]) => !name.startsWith("OIDC_"))) as Omit<
    typeof rest,
    keyof OidcEnv
  >;
  if (values.STORYBLOK_PREVIEW_TOKEN && !(values.STORYBLOK_SPACE_ID && values.STORYBLOK_TOKEN)) {
    throw new ConfigError(
      "Configuration error: STORYBLOK_PREVIEW_TOKEN needs STORYBLOK_TOKEN and STORYBLOK_SPACE_ID as well (the editor preview reads the same space)",
    );
  }
  const isProduction = values.NODE_ENV === "production";
  /** A real production start: production mode, not the quick start. */
  const deployed = isProduction && !values.QUICK_START;
  let sessionSecrets = (SESSION_SECRET ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (deployed) {
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
    if (!values.APP_URL) {
      throw new ConfigError(
        "Configuration error: APP_URL is required in production: the public address people open, such as https://classroom.example.org (links in e-mail are built from it)",
      );
    }
  }
  let trustProxy: TrustProxy;
  try {
    trustProxy = parseTrustProxy(TRUST_PROXY);
  } catch (error) {
    throw new ConfigError(`Configuration error: TRUST_PROXY ${(error as Error).message}`);
  }
  if (sessionSecrets.length === 0) sessionSecrets = [generatedSecret(values.DATA_DIR)];
  const appUrl = values.APP_URL ? new URL(values.APP_URL).origin : `http://localhost:${values.PORT}`;
  const https = appUrl.startsWith("https:");
  return {
    ...values,
    oidcProviders,
    sessionSecrets,
    isProduction,
    appUrl,
    secureCookies: values.SECURE_COOKIES ? values.SECURE_COOKIES === "true" : isProduction && https,
    strictTransportSecurity: deployed && https,
    seedDemoData: !isProduction || values.QUICK_START || values.DEMO_DATA,
    trustProxy,
    publicSignUp: values.PUBLIC_SIGNUP === "on",
    storyblokEditorOrigins: editorOrigins
      ? editorOrigins
          .split(/[\s,]+/)
          .filter(Boolean)
          .map((origin) => new URL(origin).origin)
      : STORYBLOK_EDITOR_ORIGINS,
  };
}

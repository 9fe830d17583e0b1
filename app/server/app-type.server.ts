/**
 * The App's shape: what createApp (app.server.ts) builds and every loader and
 * action reads through React Router's context (context.server.ts). Kept apart
 * from createApp so that modules createApp calls can name it without an import
 * cycle.
 */
import type { Cookie } from "react-router";
import type { AssignmentEvents } from "./assignments/assignment-events.server";
import type { OidcClients } from "./auth/oidc-strategy.server";
import type { SessionCookie } from "./auth/session.server";
import type { ClassEvents } from "./classes/class-events.server";
import type { Config } from "./config.server";
import type { Database, Db } from "./db/client.server";
import type { Logger } from "./logger.server";
import type { Mailer } from "./mail/mailer.server";
import type { CachedContent } from "./surveys/content-cache.server";
import type { StoryblokDraftReader } from "./surveys/storyblok-source.server";

export interface App {
  config: Config;
  database: Database;
  db: Db;
  content: CachedContent;
  /** Survey drafts for Storyblok's visual editor (ADR 200); null unless STORYBLOK_PREVIEW_TOKEN is set. */
  drafts: StoryblokDraftReader | null;
  mailer: Mailer;
  logger: Logger;
  /** Change events of assignments for the live results (ADR 205): one listener per instance. */
  assignmentEvents: AssignmentEvents;
  /** Change events of classes for the live class home (issue 36): the same mechanism, another channel. */
  classEvents: ClassEvents;
  sessionCookie: SessionCookie;
  /** The staff sign-in providers the deployment configured, and their clients (ADR 210). */
  oidc: OidcClients;
  /** The browser's student session cookie (app/server/students/student-session.server.ts). */
  studentCookie: Cookie;
  /** The cookie a browser keeps while its join waits for the teacher (app/server/students/join-request-cookie.server.ts). */
  joinRequestCookie: Cookie;
  /** The browser's random id for counting its own wrong class codes (app/server/students/join-device-cookie.server.ts). */
  joinDeviceCookie: Cookie;
  /** Stops the app's timers and closes its database. */
  close(): Promise<void>;
}

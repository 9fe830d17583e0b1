/**
 * Outgoing mail. Every message is recorded in `email_outbox`; with SMTP_URL
 * set it is also sent through SMTP. Without SMTP the log says a message
 * waits in the outbox; outside a real production start (development, tests,
 * the quick start) the log line carries the text, so a local user can follow
 * its link. In production the text (with its reset, verification or
 * invitation token) never reaches the log (ADR 106).
 *
 * Once a message is sent, its row keeps no usable secret (issue 35.5): every
 * link in its text is replaced by a note, so read access to the database
 * (a backup, a replica, a report) opens no reset, verification or invitation
 * link. The tokens themselves are only ever stored hashed. A message that
 * could not be sent keeps its text: it is how it can still reach its
 * recipient, and its link expires with its token.
 */
import { eq } from "drizzle-orm";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import { emailOutbox } from "../db/schema.server";
import type { Logger } from "../logger.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Records the message in the outbox (inside `db`, which may be a transaction) and sends it when SMTP is set. */
  send(db: Db, message: MailMessage): Promise<void>;
  /** An absolute link into the app, always on the configured public origin (never the request's Host). */
  link(pathAndQuery: string): string;
  /**
   * Runs mail work after the answer has gone: the request does not wait for
   * it, so how long a request takes cannot tell whether a mail was sent
   * (whether an e-mail has an account; ADR 196). A failure is logged.
   */
  afterAnswer(work: () => Promise<void>): void;
  /** Resolves once all work handed to afterAnswer has finished (tests, shutdown). */
  idle(): Promise<void>;
}

type Transport = { sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown> };

export function createMailer(
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "appUrl" | "isProduction" | "QUICK_START">,
  logger: Logger,
): Mailer {
  let transport: Promise<Transport> | undefined;
  const logsText = !config.isProduction || config.QUICK_START;
  const pending = new Set<Promise<void>>();
  return {
    afterAnswer(work) {
      // A macrotask later: the caller's answer is built and sent before the work starts.
      const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => logger.error("mail.after_answer_failed", { error: String(error) }))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
    link: (pathAndQuery) => `${config.appUrl}${pathAndQuery.startsWith("/") ? "" : "/"}${pathAndQuery}`,
    async send(db, message) {
      const [row] = await db.insert(emailOutbox).values(message).returning({ id: emailOutbox.id });
      if (!config.SMTP_URL) {
        logger.info("mail.outbox", {
          outboxId: row.id,
          to: message.to,
          subject: message.subject,
          ...(logsText ? { text: message.text } : {}),
        });
        return;
      }
      try {
        transport ??= import("nodemailer").then((nodemailer) => nodemailer.createTransport(config.SMTP_URL));
        await (await transport).sendMail({ from: config.MAIL_FROM, ...message });
        await db
          .update(emailOutbox)
          .set({ sentAt: new Date(), text: withoutLinks(message.text) })
          .where(eq(emailOutbox.id, row.id));
      } catch (error) {
        // The action still succeeds: the message waits in the outbox and the error is visible there.
        logger.error("mail.send_failed", { outboxId: row.id, to: message.to, error: String(error) });
        await db
          .update(emailOutbox)
          .set({ error: String(error).slice(0, 500) })
          .where(eq(emailOutbox.id, row.id));
      }
    },
  };
}

/** What a sent message's row keeps of its text: every link replaced, so no token is left at rest. */
export const SENT_LINK_NOTE = "[link removed after sending]";

export function withoutLinks(text: string): string {
  return text.replace(/\bhttps?:\/\/\S+/gi, SENT_LINK_NOTE);
}

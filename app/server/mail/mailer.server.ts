/**
 * Outgoing mail. Every message is recorded in `email_outbox`; with SMTP_URL
 * set it is also sent through SMTP, otherwise it is written to the server
 * log so a developer can follow a link locally.
 */
import { eq } from "drizzle-orm";
import { getConfig } from "../config.server";
import type { Db } from "../db/client.server";
import { emailOutbox } from "../db/schema.server";
import { logger } from "../logger.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

type Transport = { sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown> };
let transport: Promise<Transport> | undefined;

async function smtpTransport(url: string): Promise<Transport> {
  const nodemailer = await import("nodemailer");
  return nodemailer.createTransport(url);
}

export async function sendMail(db: Db, message: MailMessage): Promise<void> {
  const config = getConfig();
  const [row] = await db.insert(emailOutbox).values(message).returning({ id: emailOutbox.id });
  if (!config.SMTP_URL) {
    logger.info("mail.outbox", { to: message.to, subject: message.subject, text: message.text });
    return;
  }
  try {
    transport ??= smtpTransport(config.SMTP_URL);
    await (await transport).sendMail({ from: config.MAIL_FROM, ...message });
    await db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
  } catch (error) {
    // The action still succeeds: the message waits in the outbox and the error is visible there.
    logger.error("mail.send_failed", { to: message.to, error: String(error) });
    await db
      .update(emailOutbox)
      .set({ error: String(error).slice(0, 500) })
      .where(eq(emailOutbox.id, row.id));
  }
}

/** The absolute base URL for links in e-mails: APP_URL, or the request's own origin. */
export function appBaseUrl(request: Request): string {
  const configured = getConfig().APP_URL;
  return (configured ?? new URL(request.url).origin).replace(/\/$/, "");
}

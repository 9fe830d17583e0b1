/**
 * A mail catcher: a real SMTP server on 127.0.0.1 that keeps every message it
 * is sent, for e2e tests that follow a mailed link (a production server never
 * writes a message's text to its log, ADR 106). Give the app server
 * `SMTP_URL: catcher.url`.
 *
 *   const catcher = await startMailCatcher();
 *   const link = await catcher.waitForLink("amara@school.example", "/reset-password");
 *
 * It speaks just enough SMTP for nodemailer: EHLO/HELO, MAIL, RCPT, DATA,
 * RSET, NOOP, QUIT; no TLS, no authentication.
 */
import { createServer, type Socket } from "node:net";

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

export interface MailCatcher {
  url: string;
  messages: CaughtMail[];
  /** The newest link to `to` whose path contains `path`, waiting up to 5 s for the message. */
  waitForLink(to: string, path: string): Promise<string>;
  stop(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function parseMessage(raw: string, to: string[]): CaughtMail {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  const headers = head.replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => headers.match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : body;
  return { to, subject: header("Subject"), text: text.replace(/\r\n/g, "\n") };
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("latin1");
    let buffer = "";
    let inData = false;
    let data = "";
    let recipients: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 mail-catcher ESMTP");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(parseMessage(data.replace(/^\.\./gm, "."), recipients));
          data = "";
          recipients = [];
          reply("250 OK: message kept");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === "EHLO" || command === "HELO") reply("250 mail-catcher");
        else if (command === "MAIL") reply("250 OK");
        else if (command === "RCPT") {
          recipients.push(line.match(/<([^>]*)>/)?.[1] ?? "");
          reply("250 OK");
        } else if (command === "DATA") {
          inData = true;
          reply("354 End data with <CR><LF>.<CR><LF>");
        } else if (command === "RSET") {
          recipients = [];
          reply("250 OK");
        } else if (command === "QUIT") {
          reply("221 Bye");
          socket.end();
        } else reply("250 OK");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitForLink(to, path) {
      for (let attempt = 0; attempt < 50; attempt++) {
        const mail = messages.filter((message) => message.to.includes(to)).at(-1);
        const link = mail?.text.match(new RegExp(`https?://\\S+${path}\\S*`))?.[0];
        if (link) return link;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`No mail to ${to} with ${path}`);
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

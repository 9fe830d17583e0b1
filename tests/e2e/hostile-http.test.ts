/**
 * No request a client can send makes a 5xx or an error-level log line
 * (ADR 192), over raw sockets against the production build: a missing,
 * empty or malformed Host (an HTTP/1.0 health check without one answers 200
 * on /healthz), an absolute-form request target, JSON nested 20,000 deep,
 * bodies cut short, cross-site form posts; and the 413 page's back link
 * never leaves the site. Error level is kept for faults of our own: the
 * last test reads the server's whole warn-and-above output.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type AppServer, startAppServer } from "../support/server";

let server: AppServer;

beforeAll(async () => {
  server = await startAppServer({ env: { LOG_LEVEL: "warn" } });
});

afterAll(async () => {
  await server?.stop();
});

interface RawAnswer {
  statusLine: string;
  status: number;
  headers: string;
  body: string;
}

/** Writes `text` as it is on a new connection and reads until the server closes it. */
function sendRaw(text: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const answer = Buffer.concat(chunks).toString();
      const [head, ...rest] = answer.split("\r\n\r\n");
      const statusLine = head.split("\r\n")[0];
      const body = rest.join("\r\n\r\n");
      resolve({
        statusLine,
        status: Number(statusLine.split(" ")[1] ?? 0),
        headers: head,
        body: /^transfer-encoding: chunked$/im.test(head) ? unchunked(body) : body,
      });
    });
    socket.setTimeout(15_000, () => socket.destroy());
    socket.write(text);
  });
}

/** A chunked body's content (sizes in hex, each chunk followed by CRLF, a 0 size last). */
function unchunked(body: string): string {
  let content = "";
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return content;
    content += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/** Sends the start of a body and closes the connection before the rest. */
function sendCutShort(head: string, partOfBody: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(server.port, "127.0.0.1");
    socket.on("error", () => {});
    socket.on("close", () => resolve());
    socket.write(head + partOfBody, () => setTimeout(() => socket.destroy(), 200));
  });
}

const host = () => `127.0.0.1:${server.port}`;
const errorLines = () =>
  server
    .output()
    .split("\n")
    .filter((line) => /"level":"error"/.test(line));

test("an HTTP/1.0 health check without a Host header answers 200 on /healthz", async () => {
  const answer = await sendRaw("GET /healthz HTTP/1.0\r\n\r\n");
  expect(answer.statusLine).toMatch(/^HTTP\/1\.[01] 200 /);
  expect(JSON.parse(answer.body)).toMatchObject({ status: "ok" });
});

test("an empty or malformed Host is answered as if it named the site, never with a 5xx", async () => {
  for (const value of ["", "a b@c", "[::1", "x:99999999", "evil.example/path", "a..b", "%41"]) {
    for (const path of ["/healthz", "/login", "/api/users/me"]) {
      const answer = await sendRaw(`GET ${path} HTTP/1.1\r\nHost: ${value}\r\nConnection: close\r\n\r\n`);
      expect(answer.status, `Host "${value}" ${path}: ${answer.statusLine}`).toBeGreaterThanOrEqual(200);
      expect(answer.status, `Host "${value}" ${path}: ${answer.statusLine}`).toBeLessThan(500);
    }
  }
  const healthz = await sendRaw("GET /healthz HTTP/1.1\r\nHost: a b@c\r\nConnection: close\r\n\r\n");
  expect(healthz.status).toBe(200);
  // The sign-in page's form posts back to the site's own origin: nothing of the bad Host shows.
  const login = await sendRaw("GET /login HTTP/1.1\r\nHost: a b@c\r\nConnection: close\r\n\r\n");
  expect(login.status).toBe(200);
  expect(login.body).not.toContain("a b@c");
});

test("an absolute-form request target is read as its path; a target that is no path is a 400", async () => {
  const healthz = await sendRaw(
    `GET http://evil.example/healthz HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`,
  );
  expect(healthz.status).toBe(200);
  expect(JSON.parse(healthz.body)).toMatchObject({ status: "ok" });
  const unknownApi = await sendRaw(
    `GET https://evil.example/api/no-such?x=1 HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`,
  );
  expect(unknownApi.status).toBe(404);
  expect(JSON.parse(unknownApi.body)).toMatchObject({ code: "NOT_FOUND" });
  const bare = await sendRaw(`GET http://evil.example HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`);
  expect(bare.status).toBe(302); // the start page, signed out: to sign in
  // Node's parser refuses a target that is no URL at all; the entry refuses the rest.
  expect((await sendRaw(`GET healthz HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`)).status).toBe(400);
  for (const target of ["ftp://evil.example/healthz", "*"]) {
    const notAPath = await sendRaw(`GET ${target} HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`);
    expect(notAPath.status, target).toBe(400);
    expect(JSON.parse(notAPath.body)).toEqual({
      code: "BAD_REQUEST",
      message: "The request target must be a path, such as /healthz.",
    });
  }
});

test("JSON nested 20,000 deep is a 400 { code, message }, arrays and objects alike", async () => {
  for (const body of ["[".repeat(20_000) + "]".repeat(20_000), `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`]) {
    const answer = await sendRaw(
      `POST /api/student/v1/join HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      code: "BAD_REQUEST",
      message: "The request body is nested too deeply: at most 64 levels.",
    });
  }
});

test("bodies cut short, to the API and to screens, are not logged as errors of ours", async () => {
  const before = errorLines().length;
  for (const [path, type] of [
    ["/api/student/v1/join", "application/json"],
    ["/api/auth/sign-in/email", "application/json"],
    ["/login", "application/x-www-form-urlencoded"],
    ["/join", "application/x-www-form-urlencoded"],
  ]) {
    await sendCutShort(
      `POST ${path} HTTP/1.1\r\nHost: ${host()}\r\nOrigin: http://${host()}\r\nContent-Type: ${type}\r\nContent-Length: 5000\r\n\r\n`,
      type === "application/json" ? '{"code":"ABC' : "email=a%40b.example&password=",
    );
  }
  // The server notices the closed connections at once; give the log a moment.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(errorLines().slice(before)).toEqual([]);
  expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
});

test("cross-site form posts are refused with a 4xx and not logged as errors of ours", async () => {
  const before = errorLines().length;
  const body = "email=a%40b.example&password=x";
  for (const path of ["/login", "/login.data", "/join", "/api/classes"]) {
    for (const origin of ["http://evil.example", "not a url", "null"]) {
      const answer = await sendRaw(
        `POST ${path} HTTP/1.1\r\nHost: ${host()}\r\nOrigin: ${origin}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      expect(answer.status, `${path} from ${origin}: ${answer.statusLine}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${path} from ${origin}: ${answer.statusLine}`).toBeLessThan(500);
    }
  }
  expect(errorLines().slice(before)).toEqual([]);
});

test("the 413 page's back link never points off-site", async () => {
  for (const path of ["//evil.example", "//evil.example/x.data", "/%2F%2Fevil.example", "/\\evil.example"]) {
    const answer = await sendRaw(
      `POST ${path} HTTP/1.1\r\nHost: ${host()}\r\nOrigin: http://${host()}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${50 * 1024 * 1024}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status, path).toBe(413);
    const href = answer.body.match(/<a href="([^"]*)">Back to the page<\/a>/)?.[1];
    expect(href, answer.body).toBeDefined();
    expect(href, path).toMatch(/^\/(?![/\\])/);
    expect(new URL(href ?? "", "http://site.example").host, `${path}: ${href}`).toBe("site.example");
  }
  const ordinary = await sendRaw(
    `POST /login HTTP/1.1\r\nHost: ${host()}\r\nOrigin: http://${host()}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${50 * 1024 * 1024}\r\nConnection: close\r\n\r\n`,
  );
  expect(ordinary.body).toContain('<a href="/login">Back to the page</a>');
});

test("none of the above made an error-level log line, and the server is healthy", async () => {
  expect(errorLines()).toEqual([]);
  expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
});

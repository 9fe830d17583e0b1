/**
 * Answers the server entry gives itself, before or instead of React Router
 * (a body too large, an unknown API path, a wrong method, OPTIONS, a failure
 * outside the app): written from a fetch Response, with the same security
 * headers every other answer carries.
 */
import type { ServerResponse } from "node:http";
import { applySecurityHeaders } from "~/server/web/security-headers.server";

export interface AnswerOptions {
  strictTransportSecurity: boolean;
}

export async function sendAnswer(res: ServerResponse, answer: Response, options: AnswerOptions): Promise<void> {
  const headers = new Headers(answer.headers);
  applySecurityHeaders(headers, { strictTransportSecurity: options.strictTransportSecurity });
  res.statusCode = answer.status;
  for (const [name, value] of headers) res.setHeader(name, value);
  const body = res.req?.method === "HEAD" || !answer.body ? null : Buffer.from(await answer.arrayBuffer());
  if (body) res.setHeader("Content-Length", body.byteLength);
  res.end(body ?? undefined);
}

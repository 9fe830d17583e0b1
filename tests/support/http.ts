/**
 * A plain node:http request, for what fetch cannot do: send from another
 * local address (127.0.0.2 and up: each is a different client to the
 * server), send a Host header of our choosing (or none), or stream a body.
 */
import { request } from "node:http";
import type { Readable } from "node:stream";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Readable;
    localAddress?: string;
    /** The request line's target as it is (an absolute-form `http://host/path`), instead of the URL's path. */
    target?: string;
    /** false: send no Host header unless `headers` has one (node:http adds one by default). */
    setHost?: boolean;
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: options.target ?? `${target.pathname}${target.search}`,
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: options.localAddress,
        setHost: options.setHost,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        const answer = () => ({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        });
        // An event stream (the live results) never ends by itself: its first chunk is the answer.
        const eventStream = String(res.headers["content-type"] ?? "").startsWith("text/event-stream");
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          if (eventStream) {
            resolve(answer());
            res.destroy();
          }
        });
        res.on("end", () => resolve(answer()));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (typeof options.body === "string" || options.body === undefined) req.end(options.body);
    else options.body.pipe(req);
  });
}

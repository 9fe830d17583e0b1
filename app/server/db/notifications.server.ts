/**
 * PostgreSQL notifications (LISTEN) for the live results (ADR 205): one
 * dedicated connection per app instance, outside the pool (a pooled
 * connection goes back to the pool and stops listening; PgBouncer in
 * transaction mode delivers nothing at all). Notifications sent while the
 * connection was down are lost, so after every reconnect the listener says
 * so (`onReconnect`) and the subscribers read the full state again.
 */
import type pg from "pg";

export interface NotificationHandlers {
  onNotify(payload: string): void;
  /** The connection was lost and is back: anything may have changed in between. */
  onReconnect(): void;
}

/** Stops listening (and closes the dedicated connection). */
export type StopListening = () => Promise<void>;

/** How long the listener waits before its next attempt: 250 ms doubling up to 10 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(10_000, 250 * 2 ** Math.max(0, attempt - 1));
}

/**
 * LISTENs on `channel` on a connection of its own, reconnecting with backoff
 * for as long as it is not stopped. Resolves after the first attempt, whether
 * it connected or not (a failed first attempt keeps retrying; the first
 * success after it counts as a reconnect).
 */
export async function listenOnPostgres(
  Client: typeof pg.Client,
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
  onError: (error: unknown) => void = () => {},
): Promise<StopListening> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let firstAttempt = true;

  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString, keepAlive: true, connectionTimeoutMillis: 5_000 });
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (error) onError(error);
      next.removeAllListeners("notification");
      next.end().catch(() => {});
      if (client === next) client = null;
      scheduleReconnect();
    };
    next.on("error", onLost);
    next.on("end", () => onLost());
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      onLost(error);
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    failures = 0;
    // Anything but a first attempt that succeeded may have missed notifications.
    if (!firstAttempt) handlers.onReconnect();
  };

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, reconnectDelayMs(failures));
    retry.unref();
  };

  await connect();
  firstAttempt = false;
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners();
      current.on("error", () => {});
      await current.end().catch(() => {});
    }
  };
}

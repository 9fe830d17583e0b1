/**
 * Structured JSON logs, one line per event. Each App has its own logger,
 * filtered by its configured LOG_LEVEL (app/server/app.server.ts).
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;
type Level = Exclude<LogLevel, "silent">;
type Fields = Record<string, unknown>;

export interface Logger {
  debug(event: string, fields?: Fields): void;
  info(event: string, fields?: Fields): void;
  warn(event: string, fields?: Fields): void;
  error(event: string, fields?: Fields): void;
}

export function createLogger(level: LogLevel): Logger {
  const threshold = LEVELS[level] ?? LEVELS.info;
  const write = (at: Level, event: string, fields: Fields = {}) => {
    if (LEVELS[at] < threshold) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: at, event, ...fields });
    if (at === "error" || at === "warn") process.stderr.write(`${line}\n`);
    else process.stdout.write(`${line}\n`);
  };
  return {
    debug: (event, fields) => write("debug", event, fields),
    info: (event, fields) => write("info", event, fields),
    warn: (event, fields) => write("warn", event, fields),
    error: (event, fields) => write("error", event, fields),
  };
}

/**
 * For the few helpers that turn an unexpected error into a screen or API
 * answer without an App at hand (toApiResponse, redirectWithFailure, the
 * password change): they write errors only, and do so even with
 * LOG_LEVEL=silent, since an unexpected error is never noise.
 */
export const unexpectedErrorLog: Pick<Logger, "error"> = createLogger("error");

/** SIGTERM and SIGINT close the database and end the server within 5 seconds. */
import { expect, test } from "vitest";
import { startAppServer } from "../support/server";

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  test(`${signal} ends the server within 5 seconds`, async () => {
    const app = await startAppServer({ env: { LOG_LEVEL: "info" } });
    expect((await fetch(`${app.baseURL}/readyz`)).status).toBe(200);
    const startedAt = Date.now();
    process.kill(app.pid, signal);
    for (;;) {
      try {
        process.kill(app.pid, 0);
      } catch {
        break; // gone
      }
      if (Date.now() - startedAt > 10_000) throw new Error(`still running 10 s after ${signal}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(app.output()).toContain('"event":"server.shutdown"');
  });
}

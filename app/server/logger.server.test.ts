import { afterEach, expect, test, vi } from "vitest";
import { createLogger } from "./logger.server";

afterEach(() => {
  vi.restoreAllMocks();
});

function captureOutput() {
  const lines: { stream: "stdout" | "stderr"; line: string }[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    lines.push({ stream: "stdout", line: String(chunk) });
    return true;
  });
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    lines.push({ stream: "stderr", line: String(chunk) });
    return true;
  });
  return lines;
}

test("an event is one JSON line with time, level, event and its fields", () => {
  const logger = createLogger("info");
  const lines = captureOutput();
  logger.info("request", { requestId: "r1", method: "GET", path: "/home", status: 200, durationMs: 3, userId: 7 });
  expect(lines).toHaveLength(1);
  expect(lines[0].stream).toBe("stdout");
  expect(lines[0].line.endsWith("\n")).toBe(true);
  expect(JSON.parse(lines[0].line)).toEqual({
    time: expect.any(String),
    level: "info",
    event: "request",
    requestId: "r1",
    method: "GET",
    path: "/home",
    status: 200,
    durationMs: 3,
    userId: 7,
  });
});

test("level warn drops debug and info, and warnings and errors go to stderr", () => {
  const logger = createLogger("warn");
  const lines = captureOutput();
  logger.debug("a");
  logger.info("b");
  logger.warn("c");
  logger.error("d");
  expect(lines.map(({ stream, line }) => [stream, JSON.parse(line).event])).toEqual([
    ["stderr", "c"],
    ["stderr", "d"],
  ]);
});

test("level silent drops everything", () => {
  const logger = createLogger("silent");
  const lines = captureOutput();
  logger.error("x");
  expect(lines).toEqual([]);
});

test("two loggers keep their own levels: the level belongs to the app, not the process", () => {
  const quiet = createLogger("error");
  const chatty = createLogger("debug");
  const lines = captureOutput();
  quiet.info("dropped");
  chatty.debug("kept");
  expect(lines.map(({ line }) => JSON.parse(line).event)).toEqual(["kept"]);
});

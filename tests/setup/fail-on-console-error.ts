/**
 * A stray console.error fails the test that caused it (as epic-stack's
 * tests/setup/setup-test-env.ts does). A test that expects an error says so:
 *
 *   vi.spyOn(console, "error").mockImplementation(() => {});
 *
 * (spyOn returns this same spy; a new implementation switches the check off
 * for that test only.)
 */
import { afterEach, beforeEach, type MockInstance, vi } from "vitest";

let consoleError: MockInstance<typeof console.error>;
let failingImplementation: (...args: unknown[]) => void;

beforeEach(() => {
  const original = console.error;
  failingImplementation = (...args: unknown[]) => {
    original(...args);
    throw new Error(
      "console.error was called; a test must not log errors. If the error is expected, mock console.error in the test.",
    );
  };
  consoleError = vi.spyOn(console, "error").mockImplementation(failingImplementation);
});

afterEach(() => {
  const stillFailing = consoleError.getMockImplementation() === failingImplementation;
  const calls = consoleError.mock.calls.length;
  consoleError.mockRestore();
  // The throw above may have been swallowed by the code under test; fail here as well.
  if (stillFailing && calls > 0) {
    throw new Error(`console.error was called ${calls} time(s) during this test (output above).`);
  }
});

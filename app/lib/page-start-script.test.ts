import { runInNewContext } from "node:vm";
import { expect, test } from "vitest";
import { PAGE_START_SCRIPT, SCROLL_POSITIONS_KEY, SCROLL_RESTORE_SCRIPT } from "./page-start-script";

/** A window with a history entry, a sessionStorage and a scrollTo that records where it went. */
function pageGlobals(state: unknown, stored: Record<string, number> | "refused") {
  const scrolled: number[] = [];
  const history = {
    state,
    replaceState(next: unknown) {
      history.state = next;
    },
  };
  const sessionStorage = {
    getItem(key: string) {
      if (stored === "refused") throw new Error("SecurityError");
      return key === SCROLL_POSITIONS_KEY ? JSON.stringify(stored) : null;
    },
    removeItem() {
      if (stored === "refused") throw new Error("SecurityError");
    },
  };
  const window: Record<string, unknown> = {
    history,
    sessionStorage,
    Math,
    JSON,
    scrollTo: (_x: number, y: number) => scrolled.push(y),
  };
  window.window = window;
  return { window, history, scrolled };
}

test("the scroll restoration goes back to the position React Router's hook stored for this history entry", () => {
  const { window, scrolled } = pageGlobals({ key: "abc" }, { abc: 420, other: 7 });
  runInNewContext(SCROLL_RESTORE_SCRIPT, window);
  expect(scrolled).toEqual([420]);
});

test("a new history entry gets a key, as React Router's script gives it, and stays at the top", () => {
  const { window, history, scrolled } = pageGlobals(null, { abc: 420 });
  runInNewContext(SCROLL_RESTORE_SCRIPT, window);
  expect((history.state as { key: string }).key).toMatch(/^[0-9a-v]+$/);
  expect(scrolled).toEqual([]);
});

test("a frame that refuses sessionStorage (the editor's preview) throws nothing", () => {
  const { window, scrolled } = pageGlobals({ key: "abc" }, "refused");
  expect(() => runInNewContext(SCROLL_RESTORE_SCRIPT, window)).not.toThrow();
  expect(scrolled).toEqual([]);
});

test("the page-start script is the feature check, then the scroll restoration", () => {
  expect(PAGE_START_SCRIPT.endsWith(`${SCROLL_RESTORE_SCRIPT}\n`)).toBe(true);
  expect(PAGE_START_SCRIPT).toContain("__orliverseEnhance");
});

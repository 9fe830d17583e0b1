/**
 * What the answering-page accessibility test (answering-page-a11y.test.ts) looks at in a page:
 * a fake of the browser's speech synthesis (the browser's, not our code: the voices it lists and what
 * it is asked to say), axe's WCAG 2.2 AA findings, targets under 44 × 44 px, and focused elements
 * hidden under something that stays on screen (WCAG 2.4.11).
 */
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";

const axeSource: string = createRequire(import.meta.url)("axe-core").source;

export interface FakeVoice {
  lang: string;
  localService: boolean;
  name: string;
  default?: boolean;
}

/** What the fake speech synthesis was asked: the texts spoken, and how often to stop. */
export interface SpeechLog {
  spoken: string[];
  cancelled: number;
}

/**
 * Replaces the page's `speechSynthesis` voices, `speak` and `cancel` and the utterance class before
 * any script runs: the voices listed are `voices` (`setVoices` in the page changes them and fires
 * `voiceschanged`), and what is spoken is kept in `window.__speech`. Nothing is ever said aloud.
 */
export async function fakeSpeech(context: BrowserContext, voices: FakeVoice[]): Promise<void> {
  await context.addInitScript((initial: FakeVoice[]) => {
    const log = { spoken: [] as string[], cancelled: 0 };
    let list = initial;
    const target = window as unknown as Record<string, unknown>;
    target.__speech = log;
    const synth = (window.speechSynthesis ?? new EventTarget()) as SpeechSynthesis;
    if (!window.speechSynthesis) Object.defineProperty(window, "speechSynthesis", { value: synth });
    class FakeUtterance {
      text: string;
      voice: unknown = null;
      lang = "";
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(text: string) {
        this.text = text;
      }
    }
    target.SpeechSynthesisUtterance = FakeUtterance;
    Object.assign(synth, {
      getVoices: () => list,
      speak: (utterance: FakeUtterance) => log.spoken.push(utterance.text),
      cancel: () => {
        log.cancelled += 1;
      },
    });
    target.setVoices = (next: FakeVoice[]) => {
      list = next;
      synth.dispatchEvent(new Event("voiceschanged"));
    };
  }, voices);
}

export function speechLog(page: Page): Promise<SpeechLog> {
  return page.evaluate(() => (window as unknown as { __speech: SpeechLog }).__speech);
}

export function setVoices(page: Page, voices: FakeVoice[]): Promise<void> {
  return page.evaluate(
    (next) => (window as unknown as { setVoices: (v: FakeVoice[]) => void }).setVoices(next),
    voices,
  );
}

/** WCAG 2.0, 2.1 and 2.2 A and AA, as axe tags them. */
export const WCAG22_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe's violations of WCAG 2.2 AA in the page, as `rule: target` lines. */
export async function axeWcag22(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: unknown,
          ) => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    });
    return violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.map(String).join(" ")}`),
    );
  }, WCAG22_AA_TAGS);
}

const INTERACTIVE =
  'a[href], button, input:not([type="hidden"]), select, textarea, audio[controls], summary, [tabindex]:not([tabindex="-1"])';

/**
 * The page's targets smaller than 44 × 44 px, as `tag "name" W×H` lines. A control inside a label is
 * measured by its label (the whole label takes the tap); hidden controls (and the honeypot, hidden
 * from people) are not targets.
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.getClientRects().length === 0 || getComputedStyle(element).visibility === "hidden") continue;
      // A form's trap for robots (app/lib/honeypot.ts) is hidden from people and out of the Tab order.
      if (element.closest('[aria-hidden="true"]')) continue;
      const target = element.closest("label") ?? element;
      const box = target.getBoundingClientRect();
      if (box.width >= 44 && box.height >= 44) continue;
      const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
      found.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return found;
  }, INTERACTIVE);
}

/**
 * Each focusable element, focused in turn: those whose middle is then covered by another element
 * (a sticky or fixed bar), as `tag "name"` lines. Focusing scrolls the element into view first.
 */
export function obscuredWhenFocused(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.getClientRects().length === 0 || getComputedStyle(element).visibility === "hidden") continue;
      if (element.matches(":disabled") || element.closest('[aria-hidden="true"]')) continue;
      element.focus();
      const target = element.closest("label") ?? element;
      const box = target.getBoundingClientRect();
      const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(box.top + Math.min(box.height / 2, 22), 0), window.innerHeight - 1);
      const top = document.elementFromPoint(x, y);
      if (top && (target.contains(top) || top.contains(target))) continue;
      const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
      found.push(`${element.tagName.toLowerCase()} "${name}" under ${top?.tagName.toLowerCase()}.${top?.className}`);
    }
    return found;
  }, INTERACTIVE);
}

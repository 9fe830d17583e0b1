/**
 * The one script of the pages that load no client bundle (ADR 170): the
 * student pages and the public sign-in pages.
 * a few hundred bytes, no React, built as a classic script that runs on every
 * browser a child may have, including those the feature check keeps from the
 * React bundle (ADR 142). The pages work without it; it adds:
 *
 * - a pending state: a form that is sent says "Sending…" (or its button's
 *   translated `data-pending-label`: "Signing in...") on its button
 *   (aria-disabled) and is not sent twice by a second tap; after a while, or
 *   when the page comes back from the browser's back/forward cache, it can be
 *   sent again;
 * - the heartbeat that keeps a signed-in student in the class's "online now"
 *   while the page is visible (POST every minute, and on coming back to the tab);
 * - on the waiting page, asking every 2 seconds whether the teacher has
 *   answered (the page itself, which collects the session once they said yes):
 *   a redirect goes on to where it leads, a page that is no longer waiting
 *   (refused, over) is shown;
 * - a password field's Show/Hide toggle, which the server renders hidden
 *   (without JavaScript the field is a plain password field).
 *
 * Written for old engines: no optional chaining or `??` (Chrome 79), which
 * the build would not rewrite for its newer target.
 */
import {
  HEARTBEAT_ATTRIBUTE,
  HEARTBEAT_INTERVAL_MS,
  JOIN_WAITING_ATTRIBUTE,
  JOIN_WAITING_POLL_MS,
  PASSWORD_TOGGLE_ATTRIBUTE,
  PENDING_LABEL_ATTRIBUTE,
  SENDING_RETRY_AFTER_MS,
  SENDING_TEXT,
} from "../lib/plain-page-behaviour";
import { STUDENT_HEARTBEAT_PATH } from "../lib/student-paths";

const SENDING_ATTRIBUTE = "data-sending";
const LABEL_ATTRIBUTE = "data-label";

function submitButtons(form: HTMLFormElement): HTMLButtonElement[] {
  return Array.prototype.slice.call(form.querySelectorAll('button[type="submit"], button:not([type])'));
}

function markSending(form: HTMLFormElement) {
  form.setAttribute(SENDING_ATTRIBUTE, "");
  form.setAttribute("aria-busy", "true");
  for (const button of submitButtons(form)) {
    button.setAttribute(LABEL_ATTRIBUTE, button.textContent || "");
    button.setAttribute("aria-disabled", "true");
    button.textContent = button.getAttribute(PENDING_LABEL_ATTRIBUTE) || SENDING_TEXT;
  }
}

function markIdle(form: HTMLFormElement) {
  if (!form.hasAttribute(SENDING_ATTRIBUTE)) return;
  form.removeAttribute(SENDING_ATTRIBUTE);
  form.removeAttribute("aria-busy");
  for (const button of submitButtons(form)) {
    const label = button.getAttribute(LABEL_ATTRIBUTE);
    if (label !== null) button.textContent = label;
    button.removeAttribute(LABEL_ATTRIBUTE);
    button.removeAttribute("aria-disabled");
  }
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
  if ((form.getAttribute("method") || "").toLowerCase() !== "post") return;
  if (form.hasAttribute(SENDING_ATTRIBUTE)) {
    event.preventDefault();
    return;
  }
  markSending(form);
  window.setTimeout(() => markIdle(form), SENDING_RETRY_AFTER_MS);
});

// Back to a page kept in the back/forward cache: its forms are not on their way any more.
window.addEventListener("pageshow", (event) => {
  if (!event.persisted) return;
  for (const form of Array.prototype.slice.call(document.forms) as HTMLFormElement[]) markIdle(form);
});

if (document.querySelector(`[${HEARTBEAT_ATTRIBUTE}]`)) {
  const beat = () => {
    if (document.visibilityState !== "visible") return;
    fetch(STUDENT_HEARTBEAT_PATH, { method: "POST", credentials: "same-origin" }).catch(() => {});
  };
  window.setInterval(beat, HEARTBEAT_INTERVAL_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") beat();
  });
}

if (document.querySelector(`[${JOIN_WAITING_ATTRIBUTE}]`)) {
  let asking = false;
  const ask = () => {
    if (asking) return;
    asking = true;
    fetch(window.location.href, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then((response) => {
        if (response.redirected) {
          window.location.replace(response.url);
          return;
        }
        return response.text().then((html) => {
          if (response.ok && html.indexOf(JOIN_WAITING_ATTRIBUTE) === -1) window.location.reload();
        });
      })
      .catch(() => {})
      .then(() => {
        asking = false;
      });
  };
  window.setInterval(ask, JOIN_WAITING_POLL_MS);
}

/**
 * Show/Hide on a password field (components/forms.tsx renders the button in a
 * hidden slot, with its texts in the page's language): the slot is shown and
 * the button switches the input between password and text.
 */
const toggles = Array.prototype.slice.call(
  document.querySelectorAll(`[${PASSWORD_TOGGLE_ATTRIBUTE}]`),
) as HTMLElement[];
for (const slot of toggles) {
  const button = slot.querySelector("button");
  const input = button && document.getElementById(button.getAttribute("aria-controls") || "");
  if (!button || !(input instanceof HTMLInputElement)) continue;
  const show = (shown: boolean) => {
    input.type = shown ? "text" : "password";
    button.setAttribute("aria-pressed", String(shown));
    button.setAttribute("aria-label", button.getAttribute(shown ? "data-hide-label" : "data-show-label") || "");
    button.textContent = button.getAttribute(shown ? "data-hide-text" : "data-show-text");
  };
  button.addEventListener("click", () => show(input.type === "password"));
  slot.removeAttribute("hidden");
}

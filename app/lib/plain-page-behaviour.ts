/**
 * What the plain pages (the student pages, the public sign-in pages) do with JavaScript, shared by the plain script that
 * runs on them (app/client/plain-page.ts, ADR 170) and the React components
 * that do the same where React renders a student page. No React here: the
 * plain script bundles this module.
 */

/** The heartbeat's period while the page is visible (the class home's "online now", ADR 150). */
export const HEARTBEAT_INTERVAL_MS = 60_000;

/** A form's send button while the form is on its way. */
export const SENDING_TEXT = "Sending…";

/** On a send button: what it says while its form is on its way, in the page's language ("Signing in..."). */
export const PENDING_LABEL_ATTRIBUTE = "data-pending-label";

/** On the hidden slot of a password field's Show/Hide button, which the plain script shows and runs. */
export const PASSWORD_TOGGLE_ATTRIBUTE = "data-password-toggle";

/** A form stuck on its way (a lost connection) can be sent again after this long. */
export const SENDING_RETRY_AFTER_MS = 15_000;

/** On the element that says the page belongs to a signed-in student: keep the heartbeat going. */
export const HEARTBEAT_ATTRIBUTE = "data-student-heartbeat";

/** On the waiting page while the device waits for the teacher: ask again every few seconds. */
export const JOIN_WAITING_ATTRIBUTE = "data-join-waiting";

/** How often the waiting page asks whether the teacher has answered (with JavaScript). */
export const JOIN_WAITING_POLL_MS = 2_000;

/** How often the waiting page reloads itself without JavaScript, in seconds. */
export const JOIN_WAITING_RELOAD_SECONDS = 5;

/**
 * The answering page's outbox (issue #37), shared by the page and its plain
 * script (app/client/outbox.ts). No React here: the plain script bundles it.
 *
 * With JavaScript, what a child types is kept on the device while they type
 * (a draft), and a send that cannot reach the server stays on the device
 * until it can. Both are encrypted with a key the server gives the page of
 * one student session, under a name of that session: another child's session
 * on the same tablet can neither read nor send them, and its page wipes them.
 */

/** Every name the outbox gives in localStorage starts with this, then the session's store id. */
export const OUTBOX_STORAGE_PREFIX = "orliverse-outbox:";

/** The element that carries the outbox's settings (and is its live region). */
export const OUTBOX_ATTRIBUTE = "data-outbox";

/** What the child sees (and hears) when a send stays on the device. */
export const SAVED_ON_DEVICE = "Saved on this tablet. It will be sent when the internet is back.";

/** Waits between tries to send what stays on the device (the `online` event tries at once). */
export const OUTBOX_RETRY_MS = [2_000, 5_000, 10_000, 30_000, 60_000];

/** The settings the page gives its script, as data attributes of the OUTBOX_ATTRIBUTE element. */
export interface OutboxSettings {
  /** The session's store id (not a secret: it names what is stored). */
  store: string;
  /** The session's AES-GCM key, 32 bytes, base64url. */
  key: string;
  /** The id of the answers form. */
  form: string;
  /** Where a stored send leads (the thanks page's path). */
  done: string;
  /** The assignment's id: one draft and one send per assignment. */
  assignment: string;
  /** SAVED_ON_DEVICE in the page's language. */
  saved: string;
}

export const OUTBOX_DATA = {
  store: "data-outbox",
  key: "data-outbox-key",
  form: "data-outbox-form",
  done: "data-outbox-done",
  assignment: "data-outbox-assignment",
  saved: "data-outbox-saved",
} as const satisfies Record<keyof OutboxSettings, string>;

/**
 * The answering page's outbox (issue #37; app/lib/outbox-settings.ts says
 * what it keeps and why). Plain DOM code for the page's classic script
 * (app/client/answer-outbox.ts) and for React's render of the page.
 *
 * - While the child types, the answers are kept on the device (a draft),
 *   and a page opened again (a reload, a dropped page) is filled in from it.
 *   What was typed before the script ran is kept as soon as it runs, and
 *   wins over an older draft.
 * - "Send" posts the form with fetch, as the browser would. When the device
 *   is offline or the server cannot be reached (no answer, 502/503/504), the
 *   send stays on the device and the page says so in its live region; it is
 *   sent by itself on the `online` event, after waits that grow
 *   (OUTBOX_RETRY_MS), and when the page is opened again. The form's key
 *   (its token and answers) goes with it, so a send that did arrive but
 *   whose answer was lost is not counted twice.
 * - Any other answer (an error on a field, a closed survey) is the page's:
 *   the form is sent the ordinary way and the server shows it.
 * - Everything kept is encrypted (AES-GCM) with the key of this student
 *   session, under this session's name; a page of another session wipes it,
 *   as do "Not you? Sign out" and a send that arrived.
 * - Nothing without localStorage or WebCrypto (an insecure origin): then the
 *   page works as without JavaScript.
 *
 * Written for old engines: no optional chaining or `??` (Chrome 79).
 */

import { ANSWER_FIELD_PREFIX } from "../lib/answer-form";
import { OUTBOX_DATA, OUTBOX_RETRY_MS, OUTBOX_STORAGE_PREFIX } from "../lib/outbox-settings";
import { SENDING_TEXT } from "../lib/plain-page-behaviour";
import { STUDENT_SIGN_OUT_PATH } from "../lib/student-paths";

interface StoredSend {
  url: string;
  body: string;
}

type Outcome = "sent" | "offline" | "refused";

const STARTED = "data-outbox-started";

function localStorageOrNull(): Storage | null {
  try {
    const storage = window.localStorage;
    return storage || null;
  } catch {
    return null;
  }
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = window.atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
  return window.btoa(binary);
}

/** Everything the outbox keeps for sessions other than `store`, and (store null) all of it. */
export function wipeOutbox(storage: Storage, store: string | null) {
  const mine = store === null ? null : `${OUTBOX_STORAGE_PREFIX}${store}:`;
  const names: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const name = storage.key(i);
    if (name && name.indexOf(OUTBOX_STORAGE_PREFIX) === 0 && (mine === null || name.indexOf(mine) !== 0))
      names.push(name);
  }
  for (const name of names) storage.removeItem(name);
}

function encodeForm(form: HTMLFormElement): string {
  const parts: string[] = [];
  new FormData(form).forEach((value, name) => {
    if (typeof value === "string") parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  });
  return parts.join("&");
}

/** The answers typed so far: what a draft keeps (not the drawing's id, not the token). */
function typedAnswers(form: HTMLFormElement): [string, string][] {
  const values: [string, string][] = [];
  const elements = form.elements;
  for (let i = 0; i < elements.length; i++) {
    const element = elements[i] as HTMLInputElement;
    const name = element.name || "";
    if (name.indexOf(ANSWER_FIELD_PREFIX) !== 0 || element.type === "hidden" || element.type === "file") continue;
    if ((element.type === "radio" || element.type === "checkbox") && !element.checked) continue;
    values.push([name, element.value]);
  }
  return values;
}

/** Whether an answer differs from what the page came with: the child typed or chose something already. */
function changedByTheChild(form: HTMLFormElement): boolean {
  const elements = form.elements;
  for (let i = 0; i < elements.length; i++) {
    const element = elements[i];
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) continue;
    if (element.name.indexOf(ANSWER_FIELD_PREFIX) !== 0 || element.type === "hidden" || element.type === "file")
      continue;
    const changed =
      element instanceof HTMLInputElement && (element.type === "radio" || element.type === "checkbox")
        ? element.checked !== element.defaultChecked
        : element.value !== element.defaultValue;
    if (changed) return true;
  }
  return false;
}

function fillIn(form: HTMLFormElement, values: [string, string][]) {
  const elements = form.elements;
  for (let i = 0; i < elements.length; i++) {
    const element = elements[i] as HTMLInputElement;
    const name = element.name || "";
    if (name.indexOf(ANSWER_FIELD_PREFIX) !== 0 || element.type === "hidden" || element.type === "file") continue;
    const typed = values.filter((entry) => entry[0] === name);
    if (element.type === "radio" || element.type === "checkbox")
      element.checked = typed.some((entry) => entry[1] === element.value);
    else element.value = typed.length > 0 ? typed[0][1] : "";
  }
}

function post(send: StoredSend, done: string): Promise<Outcome> {
  return fetch(send.url, {
    method: "POST",
    body: send.body,
    credentials: "same-origin",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  }).then(
    (response): Outcome => {
      if (response.redirected && new URL(response.url).pathname === done) return "sent";
      if (response.status === 502 || response.status === 503 || response.status === 504) return "offline";
      return "refused";
    },
    (): Outcome => "offline",
  );
}

/**
 * Starts the page's outbox; returns what stops it (React's render of the
 * page, which may reuse the form for another survey), or nothing where it
 * does not start.
 */
export function startAnswerOutbox(doc: Document): (() => void) | undefined {
  const root = doc.querySelector(`[${OUTBOX_DATA.store}]`);
  const storage = localStorageOrNull();
  const subtle = window.crypto ? window.crypto.subtle : undefined;
  if (!root || root.hasAttribute(STARTED) || !storage || !subtle) return undefined;
  const read = (name: string) => root.getAttribute(name) || "";
  const form = doc.getElementById(read(OUTBOX_DATA.form));
  if (!(form instanceof HTMLFormElement)) return undefined;
  root.setAttribute(STARTED, "");
  const stops: (() => void)[] = [() => root.removeAttribute(STARTED)];
  const listen = (target: EventTarget, type: string, listener: (event: Event) => void) => {
    target.addEventListener(type, listener);
    stops.push(() => target.removeEventListener(type, listener));
  };
  const store = read(OUTBOX_DATA.store);
  const done = read(OUTBOX_DATA.done);
  const prefix = `${OUTBOX_STORAGE_PREFIX}${store}:`;
  const draftName = `${prefix}draft:${read(OUTBOX_DATA.assignment)}`;
  const sendName = `${prefix}send:${read(OUTBOX_DATA.assignment)}`;
  // Another session's (a classmate's, or this child's before a new sign-in): gone before anything else.
  wipeOutbox(storage, store);
  listen(doc, "submit", (event) => {
    const target = event.target;
    if (target instanceof HTMLFormElement && new URL(target.action).pathname === STUDENT_SIGN_OUT_PATH)
      wipeOutbox(storage, null);
  });

  const keyPromise = subtle.importKey("raw", fromBase64(read(OUTBOX_DATA.key)), "AES-GCM", false, [
    "encrypt",
    "decrypt",
  ]);
  const seal = (name: string, value: unknown) =>
    keyPromise
      .then((key) => {
        const iv = window.crypto.getRandomValues(new Uint8Array(12));
        const plain = new TextEncoder().encode(JSON.stringify(value));
        return subtle.encrypt({ name: "AES-GCM", iv }, key, plain).then((sealed) => {
          storage.setItem(name, `${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`);
        });
      })
      .catch(() => {});
  const open = <T>(name: string): Promise<T | null> => {
    const stored = storage.getItem(name);
    if (!stored) return Promise.resolve(null);
    const parts = stored.split(".");
    return keyPromise
      .then((key) => subtle.decrypt({ name: "AES-GCM", iv: fromBase64(parts[0]) }, key, fromBase64(parts[1] || "")))
      .then((plain) => JSON.parse(new TextDecoder().decode(plain)) as T)
      .catch(() => {
        storage.removeItem(name);
        return null;
      });
  };

  const status = root;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]:not([name])');
  const buttonLabel = button ? button.textContent : "";
  const setSending = (sending: boolean) => {
    if (!button) return;
    if (sending) button.setAttribute("aria-disabled", "true");
    else button.removeAttribute("aria-disabled");
    button.textContent = sending ? SENDING_TEXT : buttonLabel;
  };

  // The draft: saved at every change, the last one wins.
  let typed = false;
  let draftWrites = 0;
  const saveDraft = () => {
    typed = true;
    const mine = ++draftWrites;
    void keyPromise.then(() => {
      if (mine === draftWrites) void seal(draftName, typedAnswers(form));
    });
  };
  listen(form, "input", saveDraft);
  listen(form, "change", saveDraft);
  // Typed before this script ran (a slow tablet) or put back by the browser: the newest answers, kept now.
  if (changedByTheChild(form)) saveDraft();
  void open<[string, string][]>(draftName).then((values) => {
    if (values && !typed) fillIn(form, values);
  });

  // The send kept on the device.
  let sending = false;
  let tries = 0;
  let timer = 0;
  const arrived = () => {
    storage.removeItem(sendName);
    storage.removeItem(draftName);
    window.location.assign(done);
  };
  const trySend = () => {
    window.clearTimeout(timer);
    if (sending) return;
    void open<StoredSend>(sendName).then((kept) => {
      if (!kept || sending) return;
      sending = true;
      setSending(true);
      return post(kept, done).then((outcome) => {
        sending = false;
        if (outcome === "sent") return arrived();
        setSending(false);
        if (outcome === "refused") {
          // Not to be sent as it is (the survey closed, the session ended): the page shows why.
          storage.removeItem(sendName);
          status.textContent = "";
          return;
        }
        status.textContent = read(OUTBOX_DATA.saved);
        timer = window.setTimeout(trySend, OUTBOX_RETRY_MS[Math.min(tries++, OUTBOX_RETRY_MS.length - 1)]);
      });
    });
  };
  listen(window, "online", () => {
    tries = 0;
    trySend();
  });
  if (storage.getItem(sendName)) {
    status.textContent = read(OUTBOX_DATA.saved);
    trySend();
  }

  listen(form, "submit", (event) => {
    // Old engines say nothing of the button: the form goes as without JavaScript.
    if (!("submitter" in event)) return;
    const submitter = (event as SubmitEvent).submitter;
    // A language button (it has a name) posts the form for the page again: not a send.
    if (submitter instanceof HTMLElement && submitter.hasAttribute("name")) return;
    event.preventDefault();
    if (sending) return;
    const send: StoredSend = { url: form.action, body: encodeForm(form) };
    sending = true;
    setSending(true);
    // Kept before it goes: a page dropped on the way loses nothing.
    void seal(sendName, send)
      .then(() => post(send, done))
      .then((outcome) => {
        sending = false;
        if (outcome === "sent") return arrived();
        setSending(false);
        if (outcome === "offline") {
          status.textContent = read(OUTBOX_DATA.saved);
          tries = 0;
          window.clearTimeout(timer);
          timer = window.setTimeout(trySend, OUTBOX_RETRY_MS[tries++]);
          return;
        }
        storage.removeItem(sendName);
        status.textContent = "";
        HTMLFormElement.prototype.submit.call(form);
      });
  });
  stops.push(() => window.clearTimeout(timer));
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * The answering page's outbox (issue #37, app/lib/outbox-settings.ts): its
 * live region, which carries the settings the outbox needs, and its plain
 * script. Where React renders the page instead (a client-side navigation),
 * the same code comes as a chunk. Without JavaScript the region stays empty
 * and the form posts as it always did (its key in the hidden form token).
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import answerOutboxScript from "~/client/answer-outbox.ts?worker&url";
import { useNonce } from "~/lib/nonce";
import { OUTBOX_DATA, type OutboxSettings, SAVED_ON_DEVICE } from "~/lib/outbox-settings";

export function AnswerOutbox({ settings }: { settings: Omit<OutboxSettings, "saved"> }) {
  const { t } = useTranslation("student");
  const nonce = useNonce();
  // Only where React renders the page (a client-side navigation); keyed by the survey, so another starts afresh.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void import("~/client/outbox").then((outbox) => {
      if (!left) stop = outbox.startAnswerOutbox(document);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, []);
  const attributes = {
    [OUTBOX_DATA.store]: settings.store,
    [OUTBOX_DATA.key]: settings.key,
    [OUTBOX_DATA.form]: settings.form,
    [OUTBOX_DATA.done]: settings.done,
    [OUTBOX_DATA.assignment]: settings.assignment,
    [OUTBOX_DATA.saved]: t(SAVED_ON_DEVICE),
  };
  return (
    <>
      <p className="student-outbox" role="status" {...attributes} />
      <script src={answerOutboxScript} nonce={nonce || undefined} defer />
    </>
  );
}

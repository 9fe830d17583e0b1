/**
 * Hearing a question or an option (issue 37, docs/product.md#recordings).
 *
 * - Where the author attached a recording (a Storyblok asset, per language), a plain
 *   `<audio controls>` that plays without JavaScript, named "Listen" in the child's language
 *   (../survey/recording.tsx, the teacher's preview plays the same).
 * - Otherwise an empty slot: the answering page's read-aloud script (`ReadAloudScript`,
 *   app/client/speech-buttons.ts) puts a Listen button in it where the device has a voice of its own.
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import readAloudScript from "~/client/listen.ts?worker&url";
import { useNonce } from "~/lib/nonce";
import { READ_ALOUD_ATTRIBUTE } from "~/lib/read-aloud";
import type { StoryblokAsset } from "~/lib/survey-content";
import { RecordingAudio, recordingSource } from "../survey/recording";

export function ReadAloud({
  textId,
  recording,
}: {
  /** The id of the element whose text is read where there is no recording. */
  textId: string;
  recording?: StoryblokAsset | null;
}) {
  const { t } = useTranslation("student");
  const src = recordingSource(recording);
  if (src) return <RecordingAudio src={src} label={t("Listen")} describedBy={textId} className="student-audio" />;
  return <span className="student-listen-slot" {...{ [READ_ALOUD_ATTRIBUTE]: textId }} />;
}

/**
 * The answering page's read-aloud script, with the button's words in the child's language; where
 * React renders the page (a client-side navigation) the same code comes as a chunk.
 */
export function ReadAloudScript() {
  const { t } = useTranslation("student");
  const nonce = useNonce();
  const listen = t("Listen");
  const stop = t("Stop");
  useEffect(() => {
    void import("~/client/speech-buttons").then((module) => module.startListenButtons(document, { listen, stop }));
  }, [listen, stop]);
  return <script src={readAloudScript} nonce={nonce || undefined} data-listen={listen} data-stop={stop} defer />;
}

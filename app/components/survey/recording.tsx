/**
 * A recording of a question's prompt or of an option's text (issue 37, docs/product.md#recordings),
 * as the answering page and the teacher's preview play it: a plain `<audio controls>` that works
 * without JavaScript, named by `label` ("Listen") and described by the text it says. It never plays
 * by itself and loads nothing until pressed (`preload="none"`). Only a URL that passes the content
 * filter and that the CSP's `media-src` allows is played (safeMediaUrl); any other gives nothing.
 */
import { safeMediaUrl } from "~/lib/content-url";
import type { StoryblokAsset } from "~/lib/survey-content";

/** The recording's URL when the page may play it, else null. */
export function recordingSource(recording: StoryblokAsset | null | undefined): string | null {
  return safeMediaUrl(recording?.filename);
}

export function RecordingAudio({
  src,
  label,
  describedBy,
  className,
}: {
  src: string;
  label: string;
  /** The id of the text the recording says. */
  describedBy: string;
  className: string;
}) {
  return (
    // The recording says the text beside it (its transcript, named by aria-describedby): an audio
    // alternative for text needs no captions (WCAG 1.2.1).
    // biome-ignore lint/a11y/useMediaCaption: the text on the page is the recording's transcript
    <audio className={className} controls preload="none" src={src} aria-label={label} aria-describedby={describedBy}>
      <a href={src}>{label}</a>
    </audio>
  );
}

/** The teacher's preview: the recording, where the block has one the page may play; else nothing. */
export function PreviewRecording({
  recording,
  label,
  describedBy,
}: {
  recording: StoryblokAsset | null | undefined;
  label: string;
  describedBy: string;
}) {
  const src = recordingSource(recording);
  return src ? <RecordingAudio src={src} label={label} describedBy={describedBy} className="survey-audio" /> : null;
}

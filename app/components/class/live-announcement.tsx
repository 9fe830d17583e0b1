/**
 * The polite summary a live view gives screen readers (ADR 206): one sentence
 * per change ("3 new answers"), visually hidden. `data-live` says whether the
 * event stream is open, for tests.
 */
export function LiveAnnouncement({ announcement, connected }: { announcement: string; connected: boolean }) {
  return (
    <p
      className="visually-hidden"
      aria-live="polite"
      data-testid="live-announcement"
      data-live={connected ? "on" : "off"}
    >
      {announcement}
    </p>
  );
}

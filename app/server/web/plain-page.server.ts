import { DEFAULT_LANGUAGE, type Language, languageDir } from "~/lib/i18n/languages";
import { safeRedirectPath } from "~/lib/redirect-path";

/**
 * The short HTML page for answers that are not a screen: the database is
 * down, a body too large, an unexpected failure before React Router. One
 * heading, one sentence, one link; no script, no style, nothing to load.
 * The link is always a path on this site: one built from the request's own
 * path (`//evil.example`, `/\evil.example`) becomes the start page.
 */
export function plainPageHtml(page: {
  title: string;
  message: string;
  link: { href: string; text: string };
  /** The page's language (its texts already in it); English when not given. */
  language?: Language;
}): string {
  const language = page.language ?? DEFAULT_LANGUAGE;
  return `<!doctype html>
<html lang="${language}" dir="${languageDir(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)} · Orliverse Classroom</title></head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.message)}</p>
<p><a href="${escapeHtml(safeRedirectPath(page.link.href, "/"))}">${escapeHtml(page.link.text)}</a></p>
</main>
</body>
</html>
`;
}

/** For text and double-quoted attribute values (an apostrophe is harmless in both). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The text rule's backstop for what reaches the server outside a JSON body
 * (ADR 120): a screen's form post and any query string. A field name or value
 * with a character no field may hold (NUL, the other control characters but
 * tab and line breaks, a lone surrogate, a noncharacter) is refused here with
 * a 400 before any loader or action runs, so a field that a schema forgot can
 * never carry such a character to the database. The schemas' own field
 * errors come first wherever the browser checks the form (with JavaScript).
 *
 * The answer is `{ code: "VALIDATION", message, fieldErrors }` like the JSON
 * API's, except for a document request from a browser (JavaScript off),
 * which gets a short page that says what to fix, in the reader's language
 * (issue 36; the English page names the character too).
 */
import { DEFAULT_LANGUAGE, languageDir as languageDirection } from "~/lib/i18n/languages";
import { safeRedirectPath } from "~/lib/redirect-path";
import { type ForbiddenTextFinding, findForbiddenEntry } from "~/lib/schemas/text";
import { plainPageLanguage, translatorFor } from "../i18n/i18n.server";
import { forbiddenTextResponse } from "./api.server";

/** A query parameter with text no field may hold, refused; undefined when the query is clean. */
export async function refuseForbiddenQueryText(request: Request, url: URL) {
  if (!url.search) return undefined;
  const found = findForbiddenEntry(url.searchParams.entries());
  return found ? refusal(request, url, found) : undefined;
}

/** A form field (name or value) with text no field may hold, refused; undefined when the form is clean. */
export async function refuseForbiddenFormText(request: Request, form: FormData) {
  const found = findForbiddenEntry(form.entries());
  return found ? refusal(request, new URL(request.url), found) : undefined;
}

async function refusal(request: Request, url: URL, found: ForbiddenTextFinding): Promise<Response> {
  const isDocument =
    !url.pathname.startsWith("/api/") &&
    !url.pathname.endsWith(".data") &&
    (request.headers.get("accept") ?? "").includes("text/html");
  if (!isDocument) return forbiddenTextResponse(found);
  const back = safeRedirectPath(url.pathname, "/");
  // Before the language middleware (ADR 216): the plain pages' detector (`?lng=`, the cookie, Accept-Language).
  const language = await plainPageLanguage(request);
  const t = translatorFor(language, "common");
  // The English page names the character (the finding's own sentence); the others say what to do.
  const message =
    language === DEFAULT_LANGUAGE
      ? found.message
      : t(
          "The form contains a character that cannot be saved, such as an invisible control character. Remove it and try again.",
        );
  const title = t("This text cannot be saved");
  const page = `<!doctype html>
<html lang="${language}" dir="${languageDirection(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Orliverse Classroom</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<p>${escapeHtml(t("Go back with your browser's Back button to correct it, or"))} <a href="${escapeHtml(back)}">${escapeHtml(t("start again"))}</a>.</p>
</main>
</body>
</html>
`;
  return new Response(page, { status: 400, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

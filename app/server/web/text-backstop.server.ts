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
 * which gets a short page that says what to fix.
 */
import { safeRedirectPath } from "~/lib/redirect-path";
import { type ForbiddenTextFinding, findForbiddenEntry } from "~/lib/schemas/text";
import { forbiddenTextResponse } from "./api.server";

/** A query parameter with text no field may hold, refused; undefined when the query is clean. */
export function refuseForbiddenQueryText(request: Request, url: URL): Response | undefined {
  if (!url.search) return undefined;
  const found = findForbiddenEntry(url.searchParams.entries());
  return found ? refusal(request, url, found) : undefined;
}

/** A form field (name or value) with text no field may hold, refused; undefined when the form is clean. */
export function refuseForbiddenFormText(request: Request, form: FormData): Response | undefined {
  const found = findForbiddenEntry(form.entries());
  return found ? refusal(request, new URL(request.url), found) : undefined;
}

function refusal(request: Request, url: URL, found: ForbiddenTextFinding): Response {
  const isDocument =
    !url.pathname.startsWith("/api/") &&
    !url.pathname.endsWith(".data") &&
    (request.headers.get("accept") ?? "").includes("text/html");
  if (!isDocument) return forbiddenTextResponse(found);
  const back = safeRedirectPath(url.pathname, "/");
  const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>This text cannot be saved · Orliverse Classroom</title></head>
<body>
<main>
<h1>This text cannot be saved</h1>
<p role="alert">${escapeHtml(found.message)}</p>
<p>Go back with your browser's Back button to correct it, or <a href="${escapeHtml(back)}">start again</a>.</p>
</main>
</body>
</html>
`;
  return new Response(page, { status: 400, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

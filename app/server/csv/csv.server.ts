/**
 * The one CSV writer (ADR 122): every CSV the app sends (a class's results,
 * an admin's responses export, the staff import template) is written here.
 *
 * RFC 4180 with CRLF line ends, and no cell can become a formula when the
 * file is opened in a spreadsheet, whichever separator it assumes (`,` or
 * `;`, the list separator of many European locales, or a tab):
 * - a cell whose first character is a tab, CR or LF, or whose first
 *   non-blank character is `=`, `+`, `-` or `@` (or their full-width forms)
 *   gets a leading `'`, which spreadsheets read as "this is text";
 * - inside a cell, a `'` goes before such a character when it follows a
 *   `,`, `;`, tab, line break or `"` (spaces between allowed): read with the
 *   wrong separator, or without honouring quotes, the piece after it would
 *   start a cell of its own (`a;=1+1`, `x,"=cmd"`);
 * - a cell holding any of `,` `;` tab CR LF `"` is quoted, so a spreadsheet
 *   that honours quotes keeps it whole with any of those separators.
 */

const TRIGGERS = "=+\\-@\uFF1D\uFF0B\uFF0D\uFF20";
const LEADING_FORMULA = new RegExp(`^[\\t\\r\\n]|^[ \\t\\r\\n]*[${TRIGGERS}]`);
const INNER_FORMULA = new RegExp(`([,;\\t\\r\\n"] *)(?=[${TRIGGERS}])`, "g");
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One cell, made safe and quoted when it needs to be. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  text = text.replace(INNER_FORMULA, "$1'");
  if (LEADING_FORMULA.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as CSV text: comma-separated, CRLF after every row. */
export function csvRows(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

/**
 * A CSV download: a UTF-8 byte order mark (so spreadsheets read the
 * encoding right), an attachment filename of safe characters only, and
 * never cached (the files hold names and answers).
 */
export function csvDownload(filename: string, body: string): Response {
  const safeName = filename.replace(/[^\w.-]/g, "_") || "export.csv";
  return new Response(`\uFEFF${body}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${safeName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

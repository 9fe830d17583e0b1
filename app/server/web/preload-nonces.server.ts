/**
 * React Router's `<Scripts nonce>` writes the page's CSP nonce on every
 * `<link rel="modulepreload">` as well as on its inline scripts: 22 of them on
 * the class home, 0.7 kB of HTML that nothing needs (issue 34). A module
 * preload is a fetch of one of our own files, which `script-src 'self'`
 * allows without a nonce (the policy has no `'strict-dynamic'`, under which
 * it would need one), and the modules it preloads are then run by the
 * nonced module script. Every `<script>` keeps its nonce.
 *
 * It works on the rendered page's bytes and decodes only the stretch from the
 * first preload to the end of the last (they stand together in the head):
 * decoding the whole page to a string and encoding it again for the response
 * cost more than the rest of the entry's work (issue 34, docs/performance.md).
 */
const MODULE_PRELOAD = '<link rel="modulepreload"';

export function withoutPreloadNonces(html: Buffer<ArrayBuffer>, nonce: string): Buffer<ArrayBuffer> {
  if (!nonce) return html;
  const first = html.indexOf(MODULE_PRELOAD);
  if (first < 0) return html;
  const lastTagEnd = html.indexOf(">", html.lastIndexOf(MODULE_PRELOAD));
  const end = lastTagEnd < 0 ? html.length : lastTagEnd + 1;
  const stretch = html.toString("utf8", first, end);
  const without = stretch.replaceAll(/<link rel="modulepreload"[^>]*>/g, (tag) => tag.replace(` nonce="${nonce}"`, ""));
  if (without === stretch) return html;
  return Buffer.concat([html.subarray(0, first), Buffer.from(without), html.subarray(end)]);
}

/**
 * React Router's `<Scripts nonce>` writes the page's CSP nonce on every
 * `<link rel="modulepreload">` as well as on its inline scripts: 22 of them on
 * the class home, 0.7 kB of HTML that nothing needs (issue 34). A module
 * preload is a fetch of one of our own files, which `script-src 'self'`
 * allows without a nonce (the policy has no `'strict-dynamic'`, under which
 * it would need one), and the modules it preloads are then run by the
 * nonced module script. Every `<script>` keeps its nonce.
 */
export function withoutPreloadNonces(html: string, nonce: string): string {
  if (!nonce) return html;
  return html.replaceAll(/<link rel="modulepreload"[^>]*>/g, (tag) => tag.replace(` nonce="${nonce}"`, ""));
}

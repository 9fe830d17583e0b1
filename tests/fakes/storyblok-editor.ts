/**
 * A fake of Storyblok's visual editor: a real node:http server on another
 * loopback address (127.0.0.2, so another origin and another site than the
 * app on 127.0.0.1) whose page frames a preview URL, as the editor does.
 *
 *   const editor = await startFakeStoryblokEditor();
 *   await page.goto(editor.pageFor(`${app.baseURL}/survey/content/1?...`));
 *   page.frameLocator("#preview")...
 *
 * The page keeps every message the preview sends it in `window.received`
 * (the bridge's "initialized" first), and `window.sendToPreview(message)`
 * posts one to the preview, as the editor sends live edits.
 *
 * `pageFor(previewUrl, { intruderMessage })` adds a second frame from yet
 * another origin (`intruderOrigin`, not an editor) that keeps posting that
 * message to the preview, as any page in the editor's window could.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeStoryblokEditor {
  /** This fake editor's origin, e.g. http://127.0.0.2:40123: the app's STORYBLOK_EDITOR_ORIGINS. */
  readonly origin: string;
  /** Another origin on the same loopback address: not an editor. */
  readonly intruderOrigin: string;
  /** The editor page that frames `previewUrl` (and, with `intruderMessage`, the intruder's frame). */
  pageFor(previewUrl: string, options?: { intruderMessage?: unknown }): string;
  close(): Promise<void>;
}

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}

function editorPage(previewUrl: string, intruderUrl: string | null): string {
  const previewOrigin = new URL(previewUrl).origin;
  const intruder = intruderUrl
    ? `<iframe id="intruder" title="Another site" width="10" height="10" src="${escapeAttribute(intruderUrl)}"></iframe>`
    : "";
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Fake Storyblok editor</title><link rel="icon" href="data:,"></head>
<body>
<iframe id="preview" title="Preview" width="800" height="600" src="${escapeAttribute(previewUrl)}"></iframe>
${intruder}
<script>
  window.received = [];
  window.addEventListener("message", (event) => {
    if (event.origin === ${JSON.stringify(previewOrigin)}) window.received.push(event.data);
  });
  window.sendToPreview = (message) =>
    document.getElementById("preview").contentWindow.postMessage(message, ${JSON.stringify(previewOrigin)});
</script>
</body>
</html>`;
}

/** The intruder's page: posts its message (from the URL's hash) to the preview frame, again and again. */
const INTRUDER_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Another site</title><link rel="icon" href="data:,"></head>
<body>
<script>
  const message = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  setInterval(() => parent.frames[0].postMessage(message, "*"), 100);
</script>
</body>
</html>`;

async function listen(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  };
  return { origin: `http://127.0.0.2:${port}`, close };
}

function sendHtml(res: ServerResponse, html: string | null) {
  res.writeHead(html ? 200 : 404, { "content-type": html ? "text/html; charset=utf-8" : "text/plain" });
  res.end(html ?? "Not found");
}

export async function startFakeStoryblokEditor(): Promise<FakeStoryblokEditor> {
  const editor = await listen((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.2");
    const src = url.searchParams.get("src");
    sendHtml(res, url.pathname === "/editor" && src ? editorPage(src, url.searchParams.get("intruder")) : null);
  });
  const intruder = await listen((req, res) => {
    sendHtml(res, new URL(req.url ?? "/", "http://127.0.0.2").pathname === "/intruder" ? INTRUDER_PAGE : null);
  });
  return {
    origin: editor.origin,
    intruderOrigin: intruder.origin,
    pageFor(previewUrl, options = {}) {
      const query = new URLSearchParams({ src: previewUrl });
      if (options.intruderMessage !== undefined) {
        query.set(
          "intruder",
          `${intruder.origin}/intruder#${encodeURIComponent(JSON.stringify(options.intruderMessage))}`,
        );
      }
      return `${editor.origin}/editor?${query}`;
    },
    async close() {
      await Promise.all([editor.close(), intruder.close()]);
    },
  };
}

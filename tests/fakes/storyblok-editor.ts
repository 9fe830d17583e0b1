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
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeStoryblokEditor {
  /** This fake editor's origin, e.g. http://127.0.0.2:40123: the app's STORYBLOK_EDITOR_ORIGINS. */
  readonly origin: string;
  /** The editor page that frames `previewUrl`. */
  pageFor(previewUrl: string): string;
  close(): Promise<void>;
}

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}

function editorPage(previewUrl: string): string {
  const previewOrigin = new URL(previewUrl).origin;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Fake Storyblok editor</title><link rel="icon" href="data:,"></head>
<body>
<iframe id="preview" title="Preview" width="800" height="600" src="${escapeAttribute(previewUrl)}"></iframe>
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

export async function startFakeStoryblokEditor(): Promise<FakeStoryblokEditor> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.2");
    const src = url.searchParams.get("src");
    if (url.pathname !== "/editor" || !src) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("Not found");
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(editorPage(src));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.2:${port}`;
  return {
    origin,
    pageFor(previewUrl) {
      return `${origin}/editor?src=${encodeURIComponent(previewUrl)}`;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

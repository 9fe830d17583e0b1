/**
 * GET /class/{classId}/drawings/{drawingId}.png: a drawing answer's image,
 * for a user who may see the class (docs/api.md#drawings).
 */

import { getDrawingForTeacher } from "~/server/responses/drawings.server";
import { requireClassTeacher } from "~/server/web/class-access.server";
import { notFoundPage, orNotFound } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/drawing";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, db, classId } = await requireClassTeacher(request, context, params.classId);
  const match = /^([A-Za-z0-9_-]{1,100})\.png$/.exec(params.drawingFile ?? "");
  if (!match) throw notFoundPage();
  const drawing = await orNotFound(getDrawingForTeacher(db, user, { classId, drawingId: match[1] }));
  const etag = `"${drawing.sha256}"`;
  const headers = {
    "Content-Type": "image/png",
    "Content-Length": String(drawing.byteSize),
    "Cache-Control": "private, max-age=3600",
    "Content-Disposition": `inline; filename="${match[1]}.png"`,
    "X-Content-Type-Options": "nosniff",
    ETag: etag,
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(drawing.png as Uint8Array<ArrayBuffer>, { headers });
}

import { useId } from "react";

/**
 * A QR code drawn on the server (app/server/class-codes/join-qr.server.ts),
 * inline: black modules on white, whatever the page's colours, so a camera
 * reads it from a projector too. The title names the address it holds.
 */
export function JoinQrCode({ drawing, url }: { drawing: { size: number; path: string }; url: string }) {
  const titleId = useId();
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${drawing.size} ${drawing.size}`}
      role="img"
      aria-labelledby={titleId}
      shapeRendering="crispEdges"
      className="join-qr-code"
      data-testid="join-qr-code"
    >
      <title id={titleId}>{`QR code to join: ${url}`}</title>
      <rect width={drawing.size} height={drawing.size} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}

/**
 * The QR code of a join address, drawn on the server (no third-party
 * service sees the class code): uqr encodes the matrix, and each row's runs
 * of dark modules become one SVG path, so the page carries a few kilobytes
 * of markup and no image request.
 */
import { encode } from "uqr";

export interface QrDrawing {
  /** Width and height in modules, the quiet zone included (the SVG's viewBox). */
  size: number;
  /** One path of unit squares, the dark modules. */
  path: string;
}

/** The quiet zone the QR standard asks for around the code, in modules. */
export const QR_QUIET_ZONE = 4;

/** The QR code of `text`, with medium error correction (a projector's glare and a far camera). */
export function drawQrCode(text: string): QrDrawing {
  const { data, size } = encode(text, { ecc: "M", border: QR_QUIET_ZONE });
  let path = "";
  data.forEach((row, y) => {
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && row[x]) x++;
      path += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  });
  return { size, path };
}

/**
 * The static avatar: the same character as the Rive file, drawn as SVG from the same
 * design data (app/lib/rive/avatar-design.ts) at its resting pose. It is what the server
 * renders, what shows without JavaScript or WebAssembly, and what stays if Rive fails.
 *
 * The shapes never change, so their markup is built once, when the module loads, and
 * set as the svg's content: React renders one element instead of twenty on every page
 * with an avatar (the header's is on every signed-in page; measured, 55 µs of server
 * time per avatar before, docs/performance.md). The markup holds only the design's own
 * numbers and colours, never text from a user.
 */
import * as design from "~/lib/rive/avatar-design";
import { AVATAR_ARTBOARD_SIZE } from "~/lib/rive/avatar-names";

function ellipse(spec: design.EllipseSpec): string {
  const opacity = spec.opacity === undefined ? "" : ` opacity="${spec.opacity}"`;
  return `<ellipse cx="${spec.x}" cy="${spec.y}" rx="${spec.width / 2}" ry="${spec.height / 2}" fill="${spec.color}"${opacity}></ellipse>`;
}

const { halfWidth, depth } = design.MOUTH;
const mouthPath = `M ${-halfWidth} 0 C ${-halfWidth} ${depth} ${halfWidth} ${depth} ${halfWidth} 0 Z`;

/** Back to front, the reverse of the Rive file's order. */
const FACE_SHAPES = [
  ellipse(design.BACKGROUND),
  `<g transform="translate(${design.CHARACTER_ORIGIN.x} ${design.CHARACTER_ORIGIN.y})">`,
  ...design.EARS.map(ellipse),
  ellipse(design.FACE),
  ...design.HAIR.map(ellipse),
  ...design.CHEEKS.map(ellipse),
  `<path d="${mouthPath}" transform="translate(${design.MOUTH.x} ${design.MOUTH.y})" fill="${design.MOUTH.color}"></path>`,
  ...design.EYES.map(
    (eye) => `<g transform="translate(${eye.x} ${eye.y})">${ellipse(design.EYE_BALL)}${ellipse(design.EYE_SHINE)}</g>`,
  ),
  "</g>",
].join("");

const faceContent = { __html: FACE_SHAPES };
const viewBox = `0 0 ${AVATAR_ARTBOARD_SIZE} ${AVATAR_ARTBOARD_SIZE}`;
const block = { display: "block" } as const;

export function AvatarFace({ size }: { size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox={viewBox}
      aria-hidden="true"
      focusable="false"
      style={block}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: constant shapes from the design data, built above.
      dangerouslySetInnerHTML={faceContent}
    />
  );
}

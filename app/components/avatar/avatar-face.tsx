/**
 * The static avatar: the same character as the Rive file, drawn as SVG from the same
 * design data (app/lib/rive/avatar-design.ts) at its resting pose. It is what the server
 * renders, what shows without JavaScript or WebAssembly, and what stays if Rive fails.
 */
import {
  BACKGROUND,
  CHARACTER_ORIGIN,
  CHEEKS,
  EARS,
  type EllipseSpec,
  EYE_BALL,
  EYE_SHINE,
  EYES,
  FACE,
  HAIR,
  MOUTH,
} from "~/lib/rive/avatar-design";
import { AVATAR_ARTBOARD_SIZE } from "~/lib/rive/avatar-names";

function Ellipse({ spec }: { spec: EllipseSpec }) {
  return (
    <ellipse
      cx={spec.x}
      cy={spec.y}
      rx={spec.width / 2}
      ry={spec.height / 2}
      fill={spec.color}
      opacity={spec.opacity}
    />
  );
}

const { halfWidth, depth } = MOUTH;
const mouthPath = `M ${-halfWidth} 0 C ${-halfWidth} ${depth} ${halfWidth} ${depth} ${halfWidth} 0 Z`;

export function AvatarFace({ size }: { size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${AVATAR_ARTBOARD_SIZE} ${AVATAR_ARTBOARD_SIZE}`}
      aria-hidden="true"
      focusable="false"
      style={{ display: "block" }}
    >
      <Ellipse spec={BACKGROUND} />
      {/* Back to front, the reverse of the Rive file's order. */}
      <g transform={`translate(${CHARACTER_ORIGIN.x} ${CHARACTER_ORIGIN.y})`}>
        {EARS.map((ear) => (
          <Ellipse key={ear.name} spec={ear} />
        ))}
        <Ellipse spec={FACE} />
        {HAIR.map((hair) => (
          <Ellipse key={hair.name} spec={hair} />
        ))}
        {CHEEKS.map((cheek) => (
          <Ellipse key={cheek.name} spec={cheek} />
        ))}
        <path d={mouthPath} transform={`translate(${MOUTH.x} ${MOUTH.y})`} fill={MOUTH.color} />
        {EYES.map((eye) => (
          <g key={eye.name} transform={`translate(${eye.x} ${eye.y})`}>
            <Ellipse spec={EYE_BALL} />
            <Ellipse spec={EYE_SHINE} />
          </g>
        ))}
      </g>
    </svg>
  );
}

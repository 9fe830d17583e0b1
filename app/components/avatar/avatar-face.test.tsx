import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
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
import { AvatarFace } from "./avatar-face";

/** The face drawn as React elements, shape by shape from the design data: what the markup must equal. */
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

function DrawnFace({ size }: { size: number }) {
  const { halfWidth, depth } = MOUTH;
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
        <path
          d={`M ${-halfWidth} 0 C ${-halfWidth} ${depth} ${halfWidth} ${depth} ${halfWidth} 0 Z`}
          transform={`translate(${MOUTH.x} ${MOUTH.y})`}
          fill={MOUTH.color}
        />
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

test.each([36, 96])("the static face at %i px is the design drawn shape by shape, back to front", (size) => {
  expect(renderToStaticMarkup(<AvatarFace size={size} />)).toBe(renderToStaticMarkup(<DrawnFace size={size} />));
});

test("the face has the background disc, both ears, the face, hair, cheeks, mouth and two eyes with shines", () => {
  const html = renderToStaticMarkup(<AvatarFace size={40} />);
  expect(html.match(/<ellipse /g)).toHaveLength(1 + 2 + 1 + 2 + 2 + 2 * 2);
  expect(html.match(/<path /g)).toHaveLength(1);
  expect(html).toContain('width="40" height="40" viewBox="0 0 100 100" aria-hidden="true" focusable="false"');
});

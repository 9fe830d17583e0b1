import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import * as design from "~/lib/rive/avatar-design";
import { AVATAR_ARTBOARD_SIZE } from "~/lib/rive/avatar-names";
import { AvatarFace } from "./avatar-face";

/** The face drawn as React elements, shape by shape from the design data: what the markup must equal. */
function Ellipse({ spec }: { spec: design.EllipseSpec }) {
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
  const { halfWidth, depth } = design.MOUTH;
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${AVATAR_ARTBOARD_SIZE} ${AVATAR_ARTBOARD_SIZE}`}
      aria-hidden="true"
      focusable="false"
      style={{ display: "block" }}
    >
      <Ellipse spec={design.BACKGROUND} />
      <g transform={`translate(${design.CHARACTER_ORIGIN.x} ${design.CHARACTER_ORIGIN.y})`}>
        {design.EARS.map((ear) => (
          <Ellipse key={ear.name} spec={ear} />
        ))}
        <Ellipse spec={design.FACE} />
        {design.HAIR.map((hair) => (
          <Ellipse key={hair.name} spec={hair} />
        ))}
        {design.CHEEKS.map((cheek) => (
          <Ellipse key={cheek.name} spec={cheek} />
        ))}
        <path
          d={`M ${-halfWidth} 0 C ${-halfWidth} ${depth} ${halfWidth} ${depth} ${halfWidth} 0 Z`}
          transform={`translate(${design.MOUTH.x} ${design.MOUTH.y})`}
          fill={design.MOUTH.color}
        />
        {design.EYES.map((eye) => (
          <g key={eye.name} transform={`translate(${eye.x} ${eye.y})`}>
            <Ellipse spec={design.EYE_BALL} />
            <Ellipse spec={design.EYE_SHINE} />
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

import type { FaceMood } from "~/lib/face-scale";

/** Each face's mouth (and brows where it has them), in a 64 × 64 box. */
const FEATURES: Record<FaceMood, { mouth: string; filled?: boolean; brows?: string }> = {
  "very-sad": { mouth: "M20 47 Q32 33 44 47", brows: "M16 21 L26 16 M48 21 L38 16" },
  sad: { mouth: "M22 45 Q32 37 42 45" },
  okay: { mouth: "M22 42 L42 42" },
  happy: { mouth: "M21 39 Q32 49 43 39" },
  "very-happy": { mouth: "M19 36 Q32 56 45 36 Z", filled: true },
};

/**
 * A face drawn inline (no image from elsewhere, nothing to load): the same warm yellow for every
 * mood, so the mouth and the label say the mood, not a colour. Decorative: the label next to it
 * names the choice, so the drawing is hidden from screen readers.
 */
export function FaceDrawing({ mood, size = 64 }: { mood: FaceMood; size?: number }) {
  const { mouth, filled, brows } = FEATURES[mood];
  return (
    <svg
      className="face-drawing"
      data-face={mood}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="32" cy="32" r="29" fill="#ffd45c" stroke="#3d3000" strokeWidth="3" />
      <circle cx="23" cy="27" r="3.5" fill="#3d3000" />
      <circle cx="41" cy="27" r="3.5" fill="#3d3000" />
      {brows ? <path d={brows} fill="none" stroke="#3d3000" strokeWidth="3" strokeLinecap="round" /> : null}
      <path
        d={mouth}
        fill={filled ? "#3d3000" : "none"}
        stroke="#3d3000"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

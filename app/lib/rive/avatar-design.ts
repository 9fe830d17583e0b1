/**
 * The avatar character as plain data, in artboard units (a 100 × 100 square, y down).
 *
 * One source for both pictures: the generator turns it into Rive objects
 * (./avatar-riv.ts) and the static fallback draws the same shapes as SVG
 * (app/components/avatar/avatar-face.tsx), so swapping one for the other does not jump.
 */

/** Brand accent (Radix indigo 9). */
export const INDIGO = "#3E63DD";

export const AVATAR_COLORS = {
  background: INDIGO,
  skin: "#FFDDBA",
  hair: "#22307A",
  eye: "#1B2559",
  eyeShine: "#FFFFFF",
  cheek: "#FF8FA3",
  mouth: "#1B2559",
} as const;

export type EllipseSpec = {
  name: string;
  /** Centre, relative to the parent group. */
  x: number;
  y: number;
  width: number;
  height: number;
  color: string;
  opacity?: number;
};

/** The whole face moves as one group; this is its resting centre in the artboard. */
export const CHARACTER_ORIGIN = { x: 50, y: 55 } as const;

/** Background disc, not part of the character (it does not bob). */
export const BACKGROUND: EllipseSpec = {
  name: "Background",
  x: 50,
  y: 50,
  width: 100,
  height: 100,
  color: AVATAR_COLORS.background,
};

export const EARS: EllipseSpec[] = [
  { name: "Ear Left", x: -32, y: 2, width: 12, height: 15, color: AVATAR_COLORS.skin },
  { name: "Ear Right", x: 32, y: 2, width: 12, height: 15, color: AVATAR_COLORS.skin },
];

export const FACE: EllipseSpec = { name: "Face", x: 0, y: 0, width: 64, height: 62, color: AVATAR_COLORS.skin };

export const HAIR: EllipseSpec[] = [
  { name: "Hair", x: 0, y: -22, width: 58, height: 25, color: AVATAR_COLORS.hair },
  { name: "Hair Tuft", x: 8, y: -33, width: 18, height: 11, color: AVATAR_COLORS.hair },
];

export const CHEEKS: EllipseSpec[] = [
  { name: "Cheek Left", x: -20, y: 9, width: 10, height: 6, color: AVATAR_COLORS.cheek, opacity: 0.6 },
  { name: "Cheek Right", x: 20, y: 9, width: 10, height: 6, color: AVATAR_COLORS.cheek, opacity: 0.6 },
];

/** Each eye is a group (so a blink squashes eye and shine together) at this centre. */
export const EYES = [
  { name: "Eye Left", x: -12, y: -3 },
  { name: "Eye Right", x: 12, y: -3 },
] as const;
export const EYE_BALL: EllipseSpec = { name: "Eyeball", x: 0, y: 0, width: 8, height: 11, color: AVATAR_COLORS.eye };
export const EYE_SHINE: EllipseSpec = {
  name: "Eye Shine",
  x: 1.6,
  y: -2.2,
  width: 3.2,
  height: 3.2,
  color: AVATAR_COLORS.eyeShine,
};

/**
 * A grin: a straight top edge from (-halfWidth, 0) to (halfWidth, 0), closed by a cubic
 * curve below whose two control points sit `depth` straight down from each corner.
 */
export const MOUTH = { name: "Mouth", x: 0, y: 10, halfWidth: 10, depth: 10, color: AVATAR_COLORS.mouth } as const;

/** The idle loop: 4 s at 60 fps, a 3-unit bob and one blink. */
export const IDLE = {
  fps: 60,
  durationFrames: 240,
  bobHeight: 3,
  /** Frames of the blink: open, shut, open again. */
  blink: { start: 150, shut: 156, end: 162, shutScale: 0.1 },
} as const;

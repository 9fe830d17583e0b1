/**
 * The face scale question (`response-faces`, docs/product.md#face-scales): two, three or five faces,
 * each with its text label, ordered from the least to the most happy. Which faces are drawn follows
 * from how many there are, so an author writes only the labels:
 *
 * - 2 faces: sad, happy (for children of seven and under);
 * - 3 faces: sad, okay, happy;
 * - 5 faces: very sad, sad, okay, happy, very happy.
 *
 * A block asks something only when it has 2, 3 or 5 faces and every face has a label: a face
 * without words is not a question a child (or a screen reader) can answer, and a scale with a
 * face missing would draw the wrong faces. Otherwise the block asks nothing, the student never
 * sees it, and the teacher's preview says what is wrong (FACE_SCALE_PROBLEM).
 */

export const FACE_MOODS = ["very-sad", "sad", "okay", "happy", "very-happy"] as const;
export type FaceMood = (typeof FACE_MOODS)[number];

/** The faces drawn for each size a scale may have. */
export const FACE_SCALES: Readonly<Record<2 | 3 | 5, readonly FaceMood[]>> = {
  2: ["sad", "happy"],
  3: ["sad", "okay", "happy"],
  5: ["very-sad", "sad", "okay", "happy", "very-happy"],
};

/** What the preview says of a block that asks nothing (student catalogue, survey labels). */
export const FACE_SCALE_PROBLEM = "A face scale needs 2, 3 or 5 faces, each with a label.";

export interface FaceOption {
  /** The face's index in the block's `faces`: the answer. */
  index: number;
  label: string;
  face: FaceMood;
}

function isScaleSize(size: number): size is keyof typeof FACE_SCALES {
  return size === 2 || size === 3 || size === 5;
}

/**
 * The block's faces with their labels (trimmed) and the face drawn for each; null when the block asks nothing.
 * It takes the block's shape (a `ResponseFacesBlock` of survey-content.ts), not its type: survey-content.ts
 * imports this module.
 */
export function readFaceScale(block: {
  faces?: ReadonlyArray<{ label?: string } | null | undefined>;
}): FaceOption[] | null {
  const items = Array.isArray(block.faces) ? block.faces : [];
  if (!isScaleSize(items.length)) return null;
  const moods = FACE_SCALES[items.length];
  const faces: FaceOption[] = [];
  for (const [index, item] of items.entries()) {
    const label = typeof item?.label === "string" ? item.label.trim() : "";
    if (label === "") return null;
    faces.push({ index, label, face: moods[index] });
  }
  return faces;
}

import { describe, expect, test } from "vitest";
import { FACE_SCALES, readFaceScale } from "./face-scale";
import { listAnswerFields, type ResponseFacesBlock, type SurveyBlock } from "./survey-content";

function scale(labels: (string | undefined)[], prompt = "How do you feel today?"): ResponseFacesBlock {
  return {
    _uid: "feel",
    component: "response-faces",
    prompt,
    faces: labels.map((label, index) => ({ _uid: `feel-${index}`, component: "response-faces-item", label })),
  };
}

describe("readFaceScale", () => {
  test("2, 3 and 5 faces draw their faces from the least to the most happy, each answer its index", () => {
    expect(readFaceScale(scale(["No", "Yes"]))).toEqual([
      { index: 0, label: "No", face: "sad" },
      { index: 1, label: "Yes", face: "happy" },
    ]);
    expect(readFaceScale(scale(["Sad", "Okay", "Happy"]))?.map((face) => face.face)).toEqual(["sad", "okay", "happy"]);
    expect(readFaceScale(scale(["1", "2", "3", "4", "5"]))?.map((face) => face.face)).toEqual(FACE_SCALES[5]);
  });

  test("labels are trimmed; any other number of faces, or a face without a label, asks nothing", () => {
    expect(readFaceScale(scale(["  Sad ", "Happy"]))?.[0].label).toBe("Sad");
    for (const labels of [[], ["Happy"], ["a", "b", "c", "d"], ["a", "b", "c", "d", "e", "f"]]) {
      expect(readFaceScale(scale(labels)), String(labels.length)).toBeNull();
    }
    expect(readFaceScale(scale(["Sad", "", "Happy"]))).toBeNull();
    expect(readFaceScale(scale(["Sad", "   ", "Happy"]))).toBeNull();
    expect(readFaceScale(scale(["Sad", undefined]))).toBeNull();
    const empty: ResponseFacesBlock = { _uid: "x", component: "response-faces" };
    expect(readFaceScale(empty)).toBeNull();
    // Content from outside may be anything: a field of the wrong type asks nothing, never throws.
    expect(readFaceScale({ ...empty, faces: "Sad, Happy" as never })).toBeNull();
    expect(readFaceScale(scale([42 as never, "Happy"]))).toBeNull();
  });
});

describe("listAnswerFields", () => {
  const survey = (response: SurveyBlock["response"]): SurveyBlock => ({ _uid: "s", component: "survey", response });

  test("a face scale is an option question: its faces are its options, with the face drawn", () => {
    expect(listAnswerFields(survey([scale(["Sad", "Okay", "Happy"])]))).toEqual([
      {
        uid: "feel",
        kind: "option",
        prompt: "How do you feel today?",
        options: [
          { index: 0, label: "Sad", face: "sad" },
          { index: 1, label: "Okay", face: "okay" },
          { index: 2, label: "Happy", face: "happy" },
        ],
      },
    ]);
  });

  test("a face scale that asks nothing is no answer field", () => {
    expect(listAnswerFields(survey([scale(["Sad", "Okay", "Happy", "Very happy"])]))).toEqual([]);
  });
});

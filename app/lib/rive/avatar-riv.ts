/**
 * Builds public/assets/runtimes/orliverse_rive.riv: the avatar of ./avatar-design.ts as
 * Rive runtime objects (see ./riv-format.ts for the format itself).
 *
 * Object order in the file:
 *
 *   Backboard
 *   Artboard "Avatar"                      (artboard object 0)
 *   CubicEaseInterpolator                  (artboard object 1, used by the bob keys)
 *   Node "Character", Node "Eye Left", Node "Eye Right"
 *   Shapes, topmost first (the first drawable in a file is drawn on top):
 *     eye shines, eyeballs, mouth, cheeks, hair, face, ears, background
 *     each Shape is followed by its path (Ellipse or PointsPath with vertices),
 *     then its Fill and that Fill's SolidColor
 *   LinearAnimation "Idle" (looping): KeyedObject → KeyedProperty → KeyFrameDouble…
 *     Character.y bobs, each eye's scaleY blinks
 *   StateMachine "State Machine 1" → StateMachineLayer → Entry (→ transition to Idle),
 *     Any, Exit, AnimationState(Idle); the artboard names it its default state machine.
 */
import * as design from "./avatar-design";
import { AVATAR_ANIMATION, AVATAR_ARTBOARD, AVATAR_ARTBOARD_SIZE, AVATAR_STATE_MACHINE } from "./avatar-names";
import {
  argb,
  encodeRiveFile,
  Property,
  type PropertyName,
  type PropertyValue,
  type RiveObject,
  TypeKey,
} from "./riv-format";

type Props = Array<readonly [PropertyName, PropertyValue]>;

/** Collects one artboard's objects and hands out their indices (the artboard is 0). */
class ArtboardObjects {
  readonly objects: RiveObject[] = [];
  add(type: TypeKey, properties: Props = []): number {
    this.objects.push({ type, properties });
    return this.objects.length - 1;
  }
}

/** A Shape with an Ellipse path and a solid Fill: Shape → Ellipse, Fill → SolidColor. */
function addEllipseShape(board: ArtboardObjects, parentId: number, spec: design.EllipseSpec): number {
  const shapeProps: Props = [
    ["Component.name", spec.name],
    ["Component.parentId", parentId],
    ["Node.x", spec.x],
    ["Node.y", spec.y],
  ];
  if (spec.opacity !== undefined) shapeProps.push(["WorldTransformComponent.opacity", spec.opacity]);
  const shape = board.add(TypeKey.Shape, shapeProps);
  board.add(TypeKey.Ellipse, [
    ["Component.parentId", shape],
    ["ParametricPath.width", spec.width],
    ["ParametricPath.height", spec.height],
  ]);
  addSolidFill(board, shape, spec.color);
  return shape;
}

function addSolidFill(board: ArtboardObjects, shape: number, color: string) {
  const fill = board.add(TypeKey.Fill, [["Component.parentId", shape]]);
  board.add(TypeKey.SolidColor, [
    ["Component.parentId", fill],
    ["SolidColor.colorValue", argb(color)],
  ]);
}

/** The grin: a closed PointsPath of two CubicDetachedVertex corners (radians, y down). */
function addMouth(board: ArtboardObjects, parentId: number) {
  const shape = board.add(TypeKey.Shape, [
    ["Component.name", design.MOUTH.name],
    ["Component.parentId", parentId],
    ["Node.x", design.MOUTH.x],
    ["Node.y", design.MOUTH.y],
  ]);
  const path = board.add(TypeKey.PointsPath, [
    ["Component.parentId", shape],
    ["PointsCommonPath.isClosed", true],
  ]);
  const down = Math.PI / 2;
  // Left corner: the closing edge arrives straight (in distance 0); the curve leaves downwards.
  board.add(TypeKey.CubicDetachedVertex, [
    ["Component.parentId", path],
    ["Vertex.x", -design.MOUTH.halfWidth],
    ["Vertex.y", 0],
    ["CubicDetachedVertex.inRotation", 0],
    ["CubicDetachedVertex.inDistance", 0],
    ["CubicDetachedVertex.outRotation", down],
    ["CubicDetachedVertex.outDistance", design.MOUTH.depth],
  ]);
  // Right corner: the curve arrives from below; the closing edge leaves straight.
  board.add(TypeKey.CubicDetachedVertex, [
    ["Component.parentId", path],
    ["Vertex.x", design.MOUTH.halfWidth],
    ["Vertex.y", 0],
    ["CubicDetachedVertex.inRotation", down],
    ["CubicDetachedVertex.inDistance", design.MOUTH.depth],
    ["CubicDetachedVertex.outRotation", 0],
    ["CubicDetachedVertex.outDistance", 0],
  ]);
  addSolidFill(board, shape, design.MOUTH.color);
}

type Key = { frame: number; value: number; interpolation: "hold" | "linear" | "cubic" };
const INTERPOLATION = { hold: 0, linear: 1, cubic: 2 } as const;

function keyedProperty(objectId: number, property: PropertyName, keys: Key[], cubicId: number): RiveObject[] {
  return [
    { type: TypeKey.KeyedObject, properties: [["KeyedObject.objectId", objectId]] },
    { type: TypeKey.KeyedProperty, properties: [["KeyedProperty.propertyKey", Property[property].key]] },
    ...keys.map(
      (key): RiveObject => ({
        type: TypeKey.KeyFrameDouble,
        properties: [
          ["KeyFrame.frame", key.frame],
          ["InterpolatingKeyFrame.interpolationType", INTERPOLATION[key.interpolation]],
          ...(key.interpolation === "cubic" ? ([["InterpolatingKeyFrame.interpolatorId", cubicId]] as Props) : []),
          ["KeyFrameDouble.value", key.value],
        ],
      }),
    ),
  ];
}

/** Every object of the avatar file, in file order. */
export function avatarRiveObjects(): RiveObject[] {
  const board = new ArtboardObjects();
  const artboard = board.add(TypeKey.Artboard, [
    ["Component.name", AVATAR_ARTBOARD],
    ["LayoutComponent.width", AVATAR_ARTBOARD_SIZE],
    ["LayoutComponent.height", AVATAR_ARTBOARD_SIZE],
    ["LayoutComponent.clip", true],
    ["Artboard.defaultStateMachineId", 0],
  ]);
  // An ease-in-out curve (CSS "ease-in-out": 0.42, 0, 0.58, 1) for the bob.
  const easeInOut = board.add(TypeKey.CubicEaseInterpolator, [
    ["CubicInterpolator.x1", 0.42],
    ["CubicInterpolator.y1", 0],
    ["CubicInterpolator.x2", 0.58],
    ["CubicInterpolator.y2", 1],
  ]);
  const character = board.add(TypeKey.Node, [
    ["Component.name", "Character"],
    ["Component.parentId", artboard],
    ["Node.x", design.CHARACTER_ORIGIN.x],
    ["Node.y", design.CHARACTER_ORIGIN.y],
  ]);
  const eyes = design.EYES.map((eye) =>
    board.add(TypeKey.Node, [
      ["Component.name", eye.name],
      ["Component.parentId", character],
      ["Node.x", eye.x],
      ["Node.y", eye.y],
    ]),
  );

  // Drawables, topmost first.
  for (const eye of eyes) addEllipseShape(board, eye, design.EYE_SHINE);
  for (const eye of eyes) addEllipseShape(board, eye, design.EYE_BALL);
  addMouth(board, character);
  for (const cheek of design.CHEEKS) addEllipseShape(board, character, cheek);
  for (const hair of design.HAIR) addEllipseShape(board, character, hair);
  addEllipseShape(board, character, design.FACE);
  for (const ear of design.EARS) addEllipseShape(board, character, ear);
  addEllipseShape(board, artboard, design.BACKGROUND);

  const { fps, durationFrames, bobHeight, blink } = design.IDLE;
  const blinkKeys: Key[] = [
    { frame: 0, value: 1, interpolation: "hold" },
    { frame: blink.start, value: 1, interpolation: "linear" },
    { frame: blink.shut, value: blink.shutScale, interpolation: "linear" },
    { frame: blink.end, value: 1, interpolation: "hold" },
    { frame: durationFrames, value: 1, interpolation: "hold" },
  ];
  const animation: RiveObject[] = [
    {
      type: TypeKey.LinearAnimation,
      properties: [
        ["Animation.name", AVATAR_ANIMATION],
        ["LinearAnimation.fps", fps],
        ["LinearAnimation.duration", durationFrames],
        ["LinearAnimation.loopValue", 1],
      ],
    },
    ...keyedProperty(
      character,
      "Node.y",
      [
        { frame: 0, value: design.CHARACTER_ORIGIN.y, interpolation: "cubic" },
        { frame: durationFrames / 2, value: design.CHARACTER_ORIGIN.y - bobHeight, interpolation: "cubic" },
        { frame: durationFrames, value: design.CHARACTER_ORIGIN.y, interpolation: "cubic" },
      ],
      easeInOut,
    ),
    ...eyes.flatMap((eye) => keyedProperty(eye, "TransformComponent.scaleY", blinkKeys, easeInOut)),
  ];

  // Layer states, by index: 0 Entry, 1 Any, 2 Exit, 3 Idle.
  const idleStateIndex = 3;
  const stateMachine: RiveObject[] = [
    { type: TypeKey.StateMachine, properties: [["Animation.name", AVATAR_STATE_MACHINE]] },
    { type: TypeKey.StateMachineLayer, properties: [["StateMachineComponent.name", "Layer 1"]] },
    { type: TypeKey.EntryState },
    { type: TypeKey.StateTransition, properties: [["StateTransition.stateToId", idleStateIndex]] },
    { type: TypeKey.AnyState },
    { type: TypeKey.ExitState },
    { type: TypeKey.AnimationState, properties: [["AnimationState.animationId", 0]] },
  ];

  return [{ type: TypeKey.Backboard }, ...board.objects, ...animation, ...stateMachine];
}

/** The bytes of orliverse_rive.riv. Deterministic: no dates, no randomness. */
export function buildAvatarRiv(): Uint8Array {
  return encodeRiveFile(avatarRiveObjects());
}

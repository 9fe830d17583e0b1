/**
 * The pieces of the Rive runtime format (.riv, major version 7) that our avatar uses.
 *
 * Source of truth: the public rive-app/rive-runtime repository.
 * - `include/rive/runtime_header.hpp` — the header and the property table of contents.
 * - `dev/defs/**.json` — every object's type key ("key.int"), its parent ("extends"),
 *   and each property's key ("key.int") and backing type ("type").
 * - `src/file.cpp` (`readRuntimeObject`, `File::read`) — how objects are read and which
 *   importer each one attaches to.
 *
 * File layout (everything little-endian):
 *
 * 1. Header: the 4 ASCII bytes `RIVE`, then varuints major version (7), minor version,
 *    file id (may be 0).
 * 2. Property table of contents (ToC): a list of varuint property keys closed by a 0,
 *    then, for those keys in order, their field types, 2 bits each: 0 = uint (also
 *    bool and ids), 1 = string, 2 = double (float32), 3 = colour (uint32). The reader
 *    (`RuntimeHeader::read`) takes a fresh uint32 every FOUR keys and uses only its low
 *    8 bits (key i of the group in bits 2i..2i+1), so we write one uint32 per four keys,
 *    not sixteen. A runtime uses the ToC only to skip
 *    properties it does not know, so listing every key we write keeps the file
 *    readable by older and newer runtimes alike.
 * 3. Objects, one after another to the end of the file. Each object is a varuint type
 *    key, then (varuint property key, value) pairs, closed by a property key of 0. A
 *    property equal to its default need not be written.
 *
 * How objects find each other (File::read and the importers):
 * - A Backboard comes first; each Artboard starts a new artboard.
 * - Every Component after an Artboard is added to that artboard's object list; the
 *   artboard itself is index 0. A component's `parentId` is an index in that list.
 *   KeyFrameInterpolators are added to the same list, so they take an index too.
 * - A LinearAnimation belongs to the current artboard. KeyedObject (its `objectId` is an
 *   index in the artboard's object list) belongs to the latest animation, KeyedProperty
 *   to the latest KeyedObject, and KeyFrames to the latest KeyedProperty.
 * - A StateMachine belongs to the current artboard, a StateMachineLayer to the latest
 *   state machine, LayerStates (entry/any/exit/animation) to the latest layer, and a
 *   StateTransition to the latest state. `stateToId` is a state's index in its layer and
 *   `animationId` an animation's index in its artboard.
 * - Drawing order: among drawables, the first one in the file is drawn on top.
 */
import { BinaryWriter } from "./binary-writer";

/** Magic bytes and version written in the header (`runtime_header.hpp`, `file.hpp`). */
export const RIVE_FINGERPRINT = "RIVE";
export const RIVE_MAJOR_VERSION = 7;
/** Minor 0: nothing we use depends on a minor-version behaviour switch. */
export const RIVE_MINOR_VERSION = 0;

/** Type keys ("key.int" in dev/defs). Abstract parents are noted for reference only. */
export const TypeKey = {
  /** dev/defs/artboard.json — extends LayoutComponent → Drawable → Node. */
  Artboard: 1,
  /** dev/defs/node.json — a transform group (x, y, rotation, scale, opacity). */
  Node: 2,
  /** dev/defs/shapes/shape.json — a drawable that owns paths and paints. */
  Shape: 3,
  /** dev/defs/shapes/ellipse.json — a ParametricPath (width, height, origin). */
  Ellipse: 4,
  /** dev/defs/shapes/cubic_detached_vertex.json — a vertex with independent in/out handles. */
  CubicDetachedVertex: 6,
  /** dev/defs/shapes/rectangle.json — a ParametricPath with corner radii. */
  Rectangle: 7,
  /** dev/defs/shapes/points_path.json — a path built from vertex children. */
  PointsPath: 16,
  /** dev/defs/shapes/paint/solid_color.json — the colour of its parent Fill or Stroke. */
  SolidColor: 18,
  /** dev/defs/shapes/paint/fill.json — a ShapePaint that fills its Shape's paths. */
  Fill: 20,
  /** dev/defs/backboard.json — file-level object, first in the file. */
  Backboard: 23,
  /** dev/defs/animation/keyed_object.json — the object an animation changes. */
  KeyedObject: 25,
  /** dev/defs/animation/keyed_property.json — the property an animation changes. */
  KeyedProperty: 26,
  /** dev/defs/animation/cubic_ease_interpolator.json — a cubic-bezier easing curve. */
  CubicEaseInterpolator: 28,
  /** dev/defs/animation/keyframe_double.json — an InterpolatingKeyFrame with a number value. */
  KeyFrameDouble: 30,
  /** dev/defs/animation/linear_animation.json — a timeline (fps, duration, loop). */
  LinearAnimation: 31,
  /** dev/defs/animation/state_machine.json — its name lives on Animation (key 55). */
  StateMachine: 53,
  /** dev/defs/animation/state_machine_layer.json */
  StateMachineLayer: 57,
  /** dev/defs/animation/animation_state.json — plays one LinearAnimation. */
  AnimationState: 61,
  /** dev/defs/animation/any_state.json — every layer needs one. */
  AnyState: 62,
  /** dev/defs/animation/entry_state.json — where a layer starts; every layer needs one. */
  EntryState: 63,
  /** dev/defs/animation/exit_state.json — every layer needs one. */
  ExitState: 64,
  /** dev/defs/animation/state_transition.json */
  StateTransition: 65,
} as const;
export type TypeKey = (typeof TypeKey)[keyof typeof TypeKey];

/**
 * How a property's value is stored. `uint` covers the defs' uint, uint8, uint16 and Id
 * types (all varuint); `bool` is one byte and appears in the ToC as a uint.
 */
export type BackingType = "uint" | "bool" | "string" | "double" | "color";

/** Field type ids of the ToC (`CoreUintType::id` = 0 … `CoreColorType::id` = 3). */
const TOC_FIELD_TYPE: Record<BackingType, number> = { uint: 0, bool: 0, string: 1, double: 2, color: 3 };

/**
 * Property keys ("key.int" in dev/defs) and their backing types, named
 * `<DefiningObject>.<property>` after the def that declares them.
 */
export const Property = {
  /** component.json `name` String */
  "Component.name": { key: 4, type: "string" },
  /** component.json `parentId` Id — index in the artboard's object list. */
  "Component.parentId": { key: 5, type: "uint" },
  /** layout_component.json `width` double (the artboard's width). */
  "LayoutComponent.width": { key: 7, type: "double" },
  /** layout_component.json `height` double (the artboard's height). */
  "LayoutComponent.height": { key: 8, type: "double" },
  /** artboard.json `originX` double (0 = left edge). */
  "Artboard.originX": { key: 11, type: "double" },
  /** artboard.json `originY` double (0 = top edge). */
  "Artboard.originY": { key: 12, type: "double" },
  /** node.json `x` double */
  "Node.x": { key: 13, type: "double" },
  /** node.json `y` double */
  "Node.y": { key: 14, type: "double" },
  /** transform_component.json `rotation` double, radians */
  "TransformComponent.rotation": { key: 15, type: "double" },
  /** transform_component.json `scaleX` double */
  "TransformComponent.scaleX": { key: 16, type: "double" },
  /** transform_component.json `scaleY` double */
  "TransformComponent.scaleY": { key: 17, type: "double" },
  /** world_transform_component.json `opacity` double */
  "WorldTransformComponent.opacity": { key: 18, type: "double" },
  /** parametric_path.json `width` double */
  "ParametricPath.width": { key: 20, type: "double" },
  /** parametric_path.json `height` double */
  "ParametricPath.height": { key: 21, type: "double" },
  /** vertex.json `x` double, in the path's space */
  "Vertex.x": { key: 24, type: "double" },
  /** vertex.json `y` double */
  "Vertex.y": { key: 25, type: "double" },
  /** rectangle.json `cornerRadiusTL` double (all corners while linkCornerRadius is true) */
  "Rectangle.cornerRadiusTL": { key: 31, type: "double" },
  /** points_common_path.json `isClosed` bool */
  "PointsCommonPath.isClosed": { key: 32, type: "bool" },
  /** solid_color.json `colorValue` Color, 0xAARRGGBB */
  "SolidColor.colorValue": { key: 37, type: "color" },
  /** keyed_object.json `objectId` Id — index in the artboard's object list. */
  "KeyedObject.objectId": { key: 51, type: "uint" },
  /** keyed_property.json `propertyKey` uint — the key of the animated property. */
  "KeyedProperty.propertyKey": { key: 53, type: "uint" },
  /** animation.json `name` String (LinearAnimation and StateMachine). */
  "Animation.name": { key: 55, type: "string" },
  /** linear_animation.json `fps` uint */
  "LinearAnimation.fps": { key: 56, type: "uint" },
  /** linear_animation.json `duration` uint, in frames */
  "LinearAnimation.duration": { key: 57, type: "uint" },
  /** linear_animation.json `loopValue` uint: 0 one-shot, 1 loop, 2 ping-pong */
  "LinearAnimation.loopValue": { key: 59, type: "uint" },
  /** cubic_interpolator.json `x1` double */
  "CubicInterpolator.x1": { key: 63, type: "double" },
  /** cubic_interpolator.json `y1` double */
  "CubicInterpolator.y1": { key: 64, type: "double" },
  /** cubic_interpolator.json `x2` double */
  "CubicInterpolator.x2": { key: 65, type: "double" },
  /** cubic_interpolator.json `y2` double */
  "CubicInterpolator.y2": { key: 66, type: "double" },
  /** keyframe.json `frame` uint */
  "KeyFrame.frame": { key: 67, type: "uint" },
  /** interpolating_keyframe.json `interpolationType` uint: 0 hold, 1 linear, 2 cubic */
  "InterpolatingKeyFrame.interpolationType": { key: 68, type: "uint" },
  /** interpolating_keyframe.json `interpolatorId` Id — index in the artboard's object list. */
  "InterpolatingKeyFrame.interpolatorId": { key: 69, type: "uint" },
  /** keyframe_double.json `value` double */
  "KeyFrameDouble.value": { key: 70, type: "double" },
  /** cubic_detached_vertex.json `inRotation` double, radians */
  "CubicDetachedVertex.inRotation": { key: 84, type: "double" },
  /** cubic_detached_vertex.json `inDistance` double */
  "CubicDetachedVertex.inDistance": { key: 85, type: "double" },
  /** cubic_detached_vertex.json `outRotation` double, radians */
  "CubicDetachedVertex.outRotation": { key: 86, type: "double" },
  /** cubic_detached_vertex.json `outDistance` double */
  "CubicDetachedVertex.outDistance": { key: 87, type: "double" },
  /** state_machine_component.json `name` String (layers) */
  "StateMachineComponent.name": { key: 138, type: "string" },
  /** animation_state.json `animationId` Id — index in the artboard's animations. */
  "AnimationState.animationId": { key: 149, type: "uint" },
  /** state_transition.json `stateToId` Id — index in the layer's states. */
  "StateTransition.stateToId": { key: 151, type: "uint" },
  /** layout_component.json `clip` bool (runtime default false) */
  "LayoutComponent.clip": { key: 196, type: "bool" },
  /** artboard.json `defaultStateMachineId` Id — index in the artboard's state machines. */
  "Artboard.defaultStateMachineId": { key: 236, type: "uint" },
} as const satisfies Record<string, { key: number; type: BackingType }>;
export type PropertyName = keyof typeof Property;

export type PropertyValue = number | string | boolean;

/** One object of the file: its type key and the properties written, in order. */
export type RiveObject = {
  type: TypeKey;
  properties?: ReadonlyArray<readonly [PropertyName, PropertyValue]>;
};

function writeValue(writer: BinaryWriter, name: PropertyName, value: PropertyValue) {
  const { type } = Property[name];
  switch (type) {
    case "uint":
      if (typeof value !== "number") throw new TypeError(`${name} needs a number`);
      writer.varUint(value);
      return;
    case "bool":
      if (typeof value !== "boolean") throw new TypeError(`${name} needs a boolean`);
      writer.byte(value ? 1 : 0);
      return;
    case "string":
      if (typeof value !== "string") throw new TypeError(`${name} needs a string`);
      writer.string(value);
      return;
    case "double":
      if (typeof value !== "number" || !Number.isFinite(value)) throw new TypeError(`${name} needs a finite number`);
      writer.float32(value);
      return;
    case "color":
      if (typeof value !== "number") throw new TypeError(`${name} needs a colour number`);
      writer.uint32(value >>> 0);
      return;
  }
}

/** Header: fingerprint, then varuint major, minor and file id. */
function writeHeader(writer: BinaryWriter, fileId: number) {
  writer.bytes(new TextEncoder().encode(RIVE_FINGERPRINT));
  writer.varUint(RIVE_MAJOR_VERSION).varUint(RIVE_MINOR_VERSION).varUint(fileId);
}

/** ToC: property keys closed by 0, then 2-bit field types, four to a uint32 word. */
function writeTableOfContents(writer: BinaryWriter, propertyNames: PropertyName[]) {
  const entries = propertyNames.map((name) => Property[name]).sort((a, b) => a.key - b.key);
  for (const entry of entries) writer.varUint(entry.key);
  writer.varUint(0);
  for (let start = 0; start < entries.length; start += 4) {
    let word = 0;
    entries.slice(start, start + 4).forEach((entry, i) => {
      word |= TOC_FIELD_TYPE[entry.type] << (i * 2);
    });
    writer.uint32(word);
  }
}

/** Encodes a whole .riv file. The same objects always give the same bytes. */
export function encodeRiveFile(objects: readonly RiveObject[], { fileId = 0 } = {}): Uint8Array {
  const used = new Set<PropertyName>();
  for (const object of objects) for (const [name] of object.properties ?? []) used.add(name);

  const writer = new BinaryWriter();
  writeHeader(writer, fileId);
  writeTableOfContents(writer, [...used]);
  for (const object of objects) {
    writer.varUint(object.type);
    for (const [name, value] of object.properties ?? []) {
      writer.varUint(Property[name].key);
      writeValue(writer, name, value);
    }
    writer.varUint(0);
  }
  return writer.toUint8Array();
}

/** `#RRGGBB` (and an optional alpha 0–1) to the 0xAARRGGBB number a SolidColor stores. */
export function argb(hex: string, alpha = 1): number {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new TypeError(`Not a #RRGGBB colour: ${hex}`);
  const a = Math.round(Math.min(1, Math.max(0, alpha)) * 255);
  return (a * 0x1_00_00_00 + Number.parseInt(match[1], 16)) >>> 0;
}

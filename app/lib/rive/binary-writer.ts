/**
 * A little-endian byte writer for the Rive runtime (.riv) format.
 *
 * Every primitive the format needs, as read by rive-runtime's `BinaryReader`
 * (`include/rive/core/binary_reader.hpp`, `src/core/field_types/*.cpp`):
 *
 * - varuint: unsigned LEB128, 7 bits per byte, high bit = "more bytes follow".
 *   Used for type keys, property keys, and every `uint`/`Id`/`uint8`/`uint16` value.
 * - float32: IEEE 754 single precision, little-endian. Rive's `double` properties
 *   are stored this way (`CoreDoubleType::deserialize` reads a float32).
 * - uint32: 4 bytes little-endian. Colours (`CoreColorType`) are a uint32 ARGB value,
 *   and the property table of contents packs its field types into uint32 words.
 * - byte: a single byte. Booleans (`CoreBoolType`) are one byte, 0 or 1.
 * - string: a varuint byte length followed by that many UTF-8 bytes, no terminator.
 */
export class BinaryWriter {
  #bytes: number[] = [];

  byte(value: number): this {
    if (!Number.isInteger(value) || value < 0 || value > 0xff) {
      throw new RangeError(`Not a byte: ${value}`);
    }
    this.#bytes.push(value);
    return this;
  }

  bytes(values: Iterable<number>): this {
    for (const value of values) this.byte(value);
    return this;
  }

  varUint(value: number): this {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`Not an unsigned integer: ${value}`);
    }
    let rest = value;
    do {
      let byte = rest % 0x80;
      rest = Math.floor(rest / 0x80);
      if (rest > 0) byte |= 0x80;
      this.#bytes.push(byte);
    } while (rest > 0);
    return this;
  }

  float32(value: number): this {
    const view = new DataView(new ArrayBuffer(4));
    view.setFloat32(0, value, true);
    for (let i = 0; i < 4; i++) this.#bytes.push(view.getUint8(i));
    return this;
  }

  uint32(value: number): this {
    if (!Number.isInteger(value) || value < 0 || value > 0xffff_ffff) {
      throw new RangeError(`Not a uint32: ${value}`);
    }
    const view = new DataView(new ArrayBuffer(4));
    view.setUint32(0, value, true);
    for (let i = 0; i < 4; i++) this.#bytes.push(view.getUint8(i));
    return this;
  }

  string(value: string): this {
    const encoded = new TextEncoder().encode(value);
    this.varUint(encoded.length);
    return this.bytes(encoded);
  }

  get length(): number {
    return this.#bytes.length;
  }

  toUint8Array(): Uint8Array {
    return Uint8Array.from(this.#bytes);
  }
}

/* The data segments of a WebAssembly module, and the memory snapshot's difference to them.
 *
 * A Pyodide memory snapshot holds the whole wasm memory, and much of its first megabytes
 * is the static data that the wasm module itself carries (its data section, written into
 * the memory when the module is instantiated) and that running Python left as it was.
 * build.py ships the snapshot with the module's data image XOR-ed into the memory part
 * (`xorImage`): where the memory still equals the module's data the shipped bytes are
 * zeros, which compress to nearly nothing.  The page XOR-s the same segments, taken from
 * the very wasm it compiles, back in before Pyodide restores the memory.
 *
 * Used by interpreter.mjs (pages and the search worker) and by the snapshot maker (Node,
 * sitebuild/snapshot.py), so both sides read the module the same way.
 */

/** The memory's offset in a Pyodide snapshot: its header's length, the second 32-bit
 * word (little-endian), after the magic number. */
export function memoryOffset(snapshot) {
  const view = new DataView(snapshot.buffer, snapshot.byteOffset, snapshot.byteLength);
  return view.getUint32(4, true);
}

/** Reads LEB128 numbers from a wasm module's bytes, from a moving offset. */
class Reader {
  constructor(bytes, at = 0) {
    this.bytes = bytes;
    this.at = at;
  }

  /** An unsigned LEB128 number. */
  unsigned() {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.at++];
      value += (byte & 0x7f) * scale;
      if (!(byte & 0x80)) {
        return value;
      }
      scale *= 128;
    }
  }

  /** A signed LEB128 number (an i32.const's), as an unsigned 32-bit address. */
  address() {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      byte = this.bytes[this.at++];
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    if (shift < 32 && byte & 0x40) {
      value |= -1 << shift;
    }
    return value >>> 0;
  }
}

/** Call `each(offset, start, end)` for every active data segment of the wasm module
 * `bytes` (a Uint8Array): it writes bytes[start:end] at memory address `offset`.  Throws
 * on a module it cannot read (a segment placed by anything but a constant). */
function forEachSegment(bytes, each) {
  if (bytes.length < 8 || bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73) {
    throw new Error("not a WebAssembly module");
  }
  const read = new Reader(bytes, 8);
  while (read.at < bytes.length) {
    const id = bytes[read.at++];
    const size = read.unsigned();
    const next = read.at + size;
    if (id === 11) {
      for (let count = read.unsigned(); count > 0; count--) {
        const flags = read.unsigned();
        if (flags === 1) { // passive: copied by the code itself, nothing at instantiation
          read.at += read.unsigned();
          continue;
        }
        if (flags === 2) { // active, with an explicit memory index
          read.unsigned();
        } else if (flags !== 0) {
          throw new Error(`data segment with flags ${flags}`);
        }
        if (bytes[read.at++] !== 0x41) { // i32.const
          throw new Error("data segment not placed by an i32.const");
        }
        const offset = read.address();
        if (bytes[read.at++] !== 0x0b) { // end
          throw new Error("data segment offset is not a single constant");
        }
        const length = read.unsigned();
        each(offset, read.at, read.at + length);
        read.at += length;
      }
    }
    read.at = next;
  }
}

/** The module's static data as one image of the memory from address 0 to the end of its
 * last segment (gaps zero): what the segments write into a fresh memory. */
export function dataImage(bytes) {
  let top = 0;
  forEachSegment(bytes, (offset, start, end) => {
    top = Math.max(top, offset + end - start);
  });
  const image = new Uint8Array((top + 3) & ~3);
  forEachSegment(bytes, (offset, start, end) => image.set(bytes.subarray(start, end), offset));
  return image;
}

/** XOR the data image `image` (see dataImage) into the memory part of the snapshot
 * `snapshot` (a Uint8Array, in place): applied once it makes the shipped form, applied
 * again it restores the memory. */
export function xorImage(snapshot, image) {
  const base = memoryOffset(snapshot);
  if (base + image.length > snapshot.length) {
    throw new Error("the wasm module's data lies outside the snapshot");
  }
  if (((snapshot.byteOffset + base) & 3) !== 0) {
    for (let i = 0; i < image.length; i++) {
      snapshot[base + i] ^= image[i];
    }
    return;
  }
  const to = new Uint32Array(snapshot.buffer, snapshot.byteOffset + base, image.length >> 2);
  const from = new Uint32Array(image.buffer, image.byteOffset, image.length >> 2);
  for (let w = 0; w < from.length; w++) {
    to[w] ^= from[w];
  }
}

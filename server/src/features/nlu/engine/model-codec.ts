/**
 * The binary form of a trained classifier: "PNLU", a format version, a JSON header, then typed
 * arrays (each 4-byte aligned) in the order the header lists them.
 */
const MAGIC = [0x50, 0x4e, 0x4c, 0x55]; // PNLU
const VERSION = 1;

export type TypedArrayKind = 'f32' | 'i16' | 'i32';
type AnyTypedArray = Float32Array | Int16Array | Int32Array;

export interface EncodedArrays {
  [name: string]: AnyTypedArray;
}

interface ArrayEntry {
  name: string;
  kind: TypedArrayKind;
  length: number;
}

export function encodeModel(header: unknown, arrays: EncodedArrays): Uint8Array {
  const entries: ArrayEntry[] = Object.entries(arrays).map(([name, array]) => ({
    name,
    kind: kindOf(array),
    length: array.length,
  }));
  const json = new TextEncoder().encode(JSON.stringify({ header, arrays: entries }));
  let size = align(12 + json.length);
  for (const [, array] of Object.entries(arrays)) size += align(array.byteLength);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  bytes.set(MAGIC, 0);
  view.setUint32(4, VERSION, true);
  view.setUint32(8, json.length, true);
  bytes.set(json, 12);
  let offset = align(12 + json.length);
  for (const array of Object.values(arrays)) {
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset);
    offset += align(array.byteLength);
  }
  return bytes;
}

export function decodeModel<H>(bytes: Uint8Array): { header: H; arrays: Record<string, AnyTypedArray> } {
  if (bytes.length < 12 || MAGIC.some((byte, i) => bytes[i] !== byte)) {
    throw new Error('Not a Parley NLU model');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(4, true);
  if (version !== VERSION) throw new Error(`Unsupported NLU model version ${version}`);
  const jsonLength = view.getUint32(8, true);
  const parsed = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + jsonLength))) as {
    header: H;
    arrays: ArrayEntry[];
  };
  const arrays: Record<string, AnyTypedArray> = {};
  let offset = align(12 + jsonLength);
  for (const entry of parsed.arrays) {
    const byteLength = entry.length * bytesPer(entry.kind);
    // Copy, so the arrays are aligned whatever the input buffer's offset.
    const slice = bytes.slice(offset, offset + byteLength);
    if (slice.length !== byteLength) throw new Error('Truncated NLU model');
    arrays[entry.name] =
      entry.kind === 'f32'
        ? new Float32Array(slice.buffer)
        : entry.kind === 'i16'
          ? new Int16Array(slice.buffer)
          : new Int32Array(slice.buffer);
    offset += align(byteLength);
  }
  return { header: parsed.header, arrays };
}

function kindOf(array: AnyTypedArray): TypedArrayKind {
  if (array instanceof Float32Array) return 'f32';
  if (array instanceof Int16Array) return 'i16';
  return 'i32';
}

function bytesPer(kind: TypedArrayKind): number {
  return kind === 'i16' ? 2 : 4;
}

function align(n: number): number {
  return (n + 3) & ~3;
}

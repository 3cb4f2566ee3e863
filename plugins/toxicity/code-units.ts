/** Text held as UTF-16 code units in a typed array (how the window scorer and the word memo hold it), back to a string. */
import { Buffer } from 'node:buffer';
import { endianness } from 'node:os';

/** A typed array's code units are UTF-16LE bytes (what Buffer decodes) only on a little-endian host. */
const LITTLE_ENDIAN = endianness() === 'LE';

/** Code units `units[from, to)` as a string: decoded natively, or in pieces small enough to pass as arguments. */
export function stringOf(units: Uint16Array, from: number, to: number): string {
  if (LITTLE_ENDIAN && to - from > 16) return Buffer.from(units.buffer, units.byteOffset + from * 2, (to - from) * 2).toString('utf16le');
  let out = '';
  for (let k = from; k < to; k += 4096) out += String.fromCharCode.apply(null, units.subarray(k, Math.min(to, k + 4096)) as unknown as number[]);
  return out;
}

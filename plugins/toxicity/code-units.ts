/** Text held as UTF-16 code units in a typed array (how the window scorer and the word memo hold it), back to a string. */

/** Code units `units[from, to)` as a string, in pieces small enough to pass as arguments. */
export function stringOf(units: Uint16Array, from: number, to: number): string {
  let out = '';
  for (let k = from; k < to; k += 4096) out += String.fromCharCode.apply(null, units.subarray(k, Math.min(to, k + 4096)) as unknown as number[]);
  return out;
}

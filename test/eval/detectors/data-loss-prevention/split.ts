/** Deterministic tuning/held-out split of labelled rows by a hash of their id. */

/** FNV-1a 32-bit hash of a string. */
export function fnv1a(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Rows whose FNV-1a hash of the id is odd are held out; even ones were used for tuning. */
export function isHeldOut(id: string): boolean {
  return fnv1a(id) % 2 === 1;
}

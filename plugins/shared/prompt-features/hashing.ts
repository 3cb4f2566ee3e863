/** FNV-1a hashing of tokens and character n-grams into the model's hashed feature space. */

const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** FNV-1a of a string's UTF-16 code units, starting from `seed`. */
export function hashString(text: string, seed = FNV_OFFSET): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  return h >>> 0;
}

/** FNV-1a of the `length` code units from `start`, as hashString of that slice would give. */
export function hashUnits(units: Uint16Array, start: number, length: number, seed: number): number {
  let h = seed >>> 0;
  for (let i = start, end = start + length; i < end; i++) h = Math.imul(h ^ units[i], FNV_PRIME);
  return h >>> 0;
}

/** Combines two hashes (for word bigrams). */
export function combine(a: number, b: number): number {
  return (Math.imul(a ^ (b + 0x9e3779b9 + (a << 6) + (a >>> 2)), FNV_PRIME) >>> 0);
}

/** Distinct seeds keep word, bigram and character features apart before bucketing. */
export const SEEDS = {
  word: hashString('w'),
  bigram: hashString('b'),
  char: hashString('c'),
} as const;

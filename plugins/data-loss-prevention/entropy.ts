/** Shannon entropy, used to tell random secret values from words and placeholders. */

const counts = new Map<number, number>();

/** Entropy of the character distribution of `value`, in bits per character. */
export function shannonEntropy(value: string): number {
  if (value.length === 0) return 0;
  counts.clear();
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

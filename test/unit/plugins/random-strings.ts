/**
 * Deterministic random strings for the equivalence tests: `count` strings of up to `maxPieces - 1`
 * pieces each, drawn from `pieces` by a seeded linear congruential generator.
 */
export function randomStrings(pieces: string[], count: number, maxPieces: number, seed: number): string[] {
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: count }, () => {
    let s = '';
    const n = Math.floor(next() * maxPieces);
    for (let k = 0; k < n; k++) s += pieces[Math.floor(next() * pieces.length)];
    return s;
  });
}

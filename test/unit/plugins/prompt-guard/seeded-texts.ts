/**
 * Deterministic texts for the scan tests: `count` texts of up to `maxPieces` pieces drawn from
 * `pieces` by a linear congruential generator started at `seed`, so every run tests the same ones.
 */
export function* seededTexts(pieces: readonly string[], count: number, maxPieces: number, seed: number): Generator<string> {
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8;
  for (let t = 0; t < count; t++) {
    let s = '';
    for (let i = next() % (maxPieces + 1); i > 0; i--) s += pieces[next() % pieces.length];
    yield s;
  }
}

/** Helpers of the pattern search tests: seeded texts made of pieces, and a plain regex scan to compare with. */
import { FAMILIES, patternSources } from '../../../../../plugins/shared/prompt-features/patterns.js';

/** A text of about `length` characters made of `pieces`, chosen by a seeded linear congruential generator. */
export function textOfPieces(pieces: readonly string[], seed: number, length: number): string {
  let state = seed;
  let out = '';
  while (out.length < length) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out += pieces[(state >>> 8) % pieces.length];
  }
  return out;
}

/** What countFamilies gives, from a global scan of each pattern over the whole text. */
export function referenceCounts(folded: string, cap = 8): number[] {
  return FAMILIES.map((family) => {
    let n = 0;
    for (const source of patternSources(family)) {
      const regex = new RegExp(source, 'gmu');
      while (n < cap && regex.exec(folded) !== null) n++;
    }
    return n;
  });
}

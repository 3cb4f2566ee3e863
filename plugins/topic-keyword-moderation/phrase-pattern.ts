/**
 * Turns a configured word or phrase into a regular-expression source with word boundaries:
 * "ass" matches "ass" but not "class"; "project x" matches across any run of spaces,
 * punctuation or line breaks ("project-x", "project\n x"); a trailing `*` on a word allows an
 * inflection ("diagnos*" matches "diagnosis", "diagnosed"), a leading one a prefix ("*cillin").
 */

const WORD_CHAR = /[\p{L}\p{N}]/u;
// Two wildcards in one word, each followed by letters or digits.
const WILDCARDS_BEFORE_LETTERS = /\*[\p{L}\p{N}]+\*+[\p{L}\p{N}]/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * The regex source of a phrase already folded the same way as the text it will search.
 * Returns undefined for a phrase with nothing to match.
 */
export function phraseSource(phrase: string): string | undefined {
  // Runs of word characters (with their `*` wildcards) and runs of everything else. `**` is one
  // wildcard: two in a row would try every split of a long word between them.
  const runs = phrase.trim().replace(/\*{2,}/g, '*').match(/[\p{L}\p{N}*]+|[^\p{L}\p{N}*]+/gu);
  if (!runs) return undefined;
  const parts: string[] = [];
  runs.forEach((run, i) => {
    if (WORD_CHAR.test(run) || run.includes('*')) {
      // Each wildcard before letters backtracks over the rest of the word; one keeps the match
      // linear, two make one long word cost a power of its length (refused by the schema too).
      if (WILDCARDS_BEFORE_LETTERS.test(run)) throw new Error(`"${phrase}": a word may hold only one * besides one at its end`);
      const words = run.split('*');
      parts.push(words.map(escape).join('[\\p{L}\\p{N}]*'));
    } else if (i === 0 || i === runs.length - 1) {
      // Leading or trailing symbols ("c++", "$$$") are part of the keyword itself.
      parts.push(escape(run.trim()));
    } else {
      // Between words any separator will do: spaces, hyphens, punctuation, line breaks.
      parts.push('[^\\p{L}\\p{N}]+');
    }
  });
  const body = parts.join('');
  if (!body || body === '[\\p{L}\\p{N}]*') return undefined;
  const first = runs[0];
  const last = runs[runs.length - 1];
  const before = WORD_CHAR.test(first[0]) || first.startsWith('*') ? '(?<![\\p{L}\\p{N}])' : '';
  const after = WORD_CHAR.test(last[last.length - 1]) || last.endsWith('*') ? '(?![\\p{L}\\p{N}])' : '';
  return `${before}${body}${after}`;
}

const WORD_START = '(?<![\\p{L}\\p{N}])';

/**
 * One capture group per phrase source, in order, as an alternation. The word-start look-behind
 * that begins most sources is tested once for each run of sources that share it, not once per
 * source: the same matches and groups, a fraction of the work at each position.
 */
export function captureAlternation(sources: readonly string[]): string {
  const parts: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length) parts.push(`${WORD_START}(?:${run.join('|')})`);
    run = [];
  };
  for (const source of sources) {
    if (source.startsWith(WORD_START)) run.push(`(${source.slice(WORD_START.length)})`);
    else {
      flush();
      parts.push(`(${source})`);
    }
  }
  flush();
  return parts.join('|');
}

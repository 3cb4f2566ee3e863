/**
 * Views of a folded text with character-level disguises undone: letters spaced out
 * ("i g n o r e"), separated by dots or dashes, and leetspeak ("1gn0r3"). The scorer reads
 * these views as well as the plain text and keeps the highest score.
 */

/** A disguise-free view of a text and how much disguise was removed. */
export interface DeobfuscatedView {
  text: string;
  /** Runs of single letters that were joined. */
  spacedRuns: number;
  /** Words in which digits or symbols stood for letters. */
  leetWords: number;
}

// Four or more single letters each followed by one separator: "i g n o r e", "i.g.n.o.r.e".
const SPACED_RUN = /(?<![\p{L}\p{N}])(?:\p{L}[ .\-_*|+]){3,}\p{L}(?![\p{L}\p{N}])/gu;
const SEPARATORS = /[ .\-_*|+]/g;
const SPACED_HINT = /(?:^|[^\p{L}\p{N}])\p{L}[ .\-_*|+]\p{L}[ .\-_*|+]\p{L}[ .\-_*|+]\p{L}/u;
const LEET_HINT = /[a-z][0-9@$!|]+[a-z]|[0-9@$][a-z]{2}/;
// A word of letters mixed with digits/symbols that stand for letters, at least one of each.
const LEET_WORD = /(?<![\p{L}\p{N}])(?=[a-z0-9@$!|]*[a-z])(?=[a-z0-9@$!|]*[0-9@$!|][a-z0-9@$!|]*[a-z0-9])[a-z0-9@$!|]{3,}/gu;
// LEET_WORD for ASCII text, where [\p{L}\p{N}] is [A-Za-z0-9] (no Unicode mode needed).
const LEET_WORD_ASCII = /(?<![A-Za-z0-9])(?=[a-z0-9@$!|]*[a-z])(?=[a-z0-9@$!|]*[0-9@$!|][a-z0-9@$!|]*[a-z0-9])[a-z0-9@$!|]{3,}/g;
const NON_ASCII = /[^\x00-\x7f]/;
const LEET_MAP: Readonly<Record<string, string>> = {
  '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '9': 'g', '@': 'a', '$': 's', '!': 'i', '|': 'l',
};
const PLAIN_NUMBERISH = /^(?:[a-z]{0,3}\d+[a-z]{0,3}|\d+(?:st|nd|rd|th|s|k|m|g|x|px|gb|mb|kb|am|pm|mg|ml|kg|km|cm|mm)?)$/;

/** How many leetspeak words (matches of `pattern` that are no plain number) `text` holds, counting up to `max`. */
function leetWordsUpTo(text: string, pattern: RegExp, max: number): number {
  let n = 0;
  for (const m of text.matchAll(pattern)) if (!PLAIN_NUMBERISH.test(m[0]) && ++n >= max) break;
  return n;
}

/** Joins spaced-out letters and reads leetspeak; returns null when the text uses neither. */
export function deobfuscate(folded: string): DeobfuscatedView | null {
  // Cheap pre-checks: most texts have neither spaced letters nor digits inside words.
  const spaced = SPACED_HINT.test(folded);
  const leet = LEET_HINT.test(folded);
  if (!spaced && !leet) return null;
  let spacedRuns = 0;
  let text = !spaced ? folded : folded.replace(SPACED_RUN, (run) => {
    spacedRuns++;
    return run.replace(SEPARATORS, '');
  });
  const leetWord = NON_ASCII.test(text) ? LEET_WORD : LEET_WORD_ASCII;
  // Without spaced runs the view needs two leetspeak words: count them before rewriting anything.
  if (spacedRuns === 0 && (!leet || leetWordsUpTo(text, leetWord, 2) < 2)) return null;
  let leetWords = 0;
  if (leet) text = text.replace(leetWord, (word) => {
    // Model numbers, sizes, ordinals and times are not leetspeak.
    if (PLAIN_NUMBERISH.test(word)) return word;
    leetWords++;
    let out = '';
    for (const ch of word) out += LEET_MAP[ch] ?? ch;
    return out;
  });
  if (spacedRuns === 0 && leetWords < 2) return null;
  return { text, spacedRuns, leetWords };
}

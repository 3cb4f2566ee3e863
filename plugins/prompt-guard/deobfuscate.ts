/**
 * Views of a folded text with character-level disguises undone: letters spaced out
 * ("i g n o r e"), separated by dots or dashes, and leetspeak ("1gn0r3"). The scorer reads
 * these views as well as the plain text and keeps the highest score.
 */
import { leetEnd, nextLeetWord } from './leet-words.js';
import { hasSpacedLetters } from './spaced-letters.js';
import { isNotLeetspeak } from './not-leetspeak.js';
import { CodeUnits } from '../shared/prompt-features/chars.js';

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
const LEET_HINT = /[a-z][0-9@$!|]+[a-z]|[0-9@$][a-z]{2}/;
// A leetspeak word: letters mixed with digits/symbols that stand for letters, at least one of
// each (leet-words.ts finds them, as the regex it documents would).
const LEET_MAP: Readonly<Record<string, string>> = {
  '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '9': 'g', '@': 'a', '$': 's', '!': 'i', '|': 'l',
};
// Code units of the text read for leetspeak.
const leetUnits = new CodeUnits();

// Start and end of each leetspeak word of the text being read, in pairs (reused between texts).
const leetSpans: number[] = [];

/** Finds the leetspeak words of `text` (leet-words.ts matches that are no look-alike, not-leetspeak.ts) in one pass, into leetSpans; how many. */
function findLeetWords(text: string): number {
  leetSpans.length = 0;
  const units = leetUnits.of(text);
  for (let p = nextLeetWord(units, text.length, 0); p >= 0; p = nextLeetWord(units, text.length, leetEnd)) {
    if (!isNotLeetspeak(text, p, leetEnd)) leetSpans.push(p, leetEnd);
  }
  return leetSpans.length / 2;
}

/** `text` with the leetspeak words findLeetWords found in it read as letters (each is ASCII, read unit by unit). */
function readLeetWords(text: string): string {
  let out = '';
  let copied = 0;
  for (let k = 0; k < leetSpans.length; k += 2) {
    const end = leetSpans[k + 1];
    out += text.slice(copied, leetSpans[k]);
    for (let i = leetSpans[k]; i < end; i++) out += LEET_MAP[text[i]] ?? text[i];
    copied = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Joins spaced-out letters and reads leetspeak; returns null when the text uses neither. */
export function deobfuscate(folded: string): DeobfuscatedView | null {
  // Cheap pre-checks: most texts have neither spaced letters nor digits inside words.
  const spaced = hasSpacedLetters(folded);
  const leet = LEET_HINT.test(folded);
  if (!spaced && !leet) return null;
  let spacedRuns = 0;
  let text = !spaced ? folded : folded.replace(SPACED_RUN, (run) => {
    spacedRuns++;
    return run.replace(SEPARATORS, '');
  });
  // Without spaced runs the view needs two leetspeak words. They are found once, then read.
  if (spacedRuns === 0 && !leet) return null;
  const leetWords = leet ? findLeetWords(text) : 0;
  if (spacedRuns === 0 && leetWords < 2) return null;
  if (leetWords > 0) text = readLeetWords(text);
  return { text, spacedRuns, leetWords };
}

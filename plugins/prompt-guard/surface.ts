/**
 * Surface statistics of a text that betray machine-made jailbreaks: optimiser suffixes (GCG,
 * random search) full of brackets, code fragments and words glued together, fake dialogues
 * (many-shot), and imperative density. Computed on the visible text before lower-casing.
 */
import { classOf, CodeUnits, LETTER, NUMBER, unitPointAt, UPPER, widthOf } from './chars.js';

/** Statistics, each scaled to roughly 0..3 so one learning rate suits them all. */
export interface SurfaceStats {
  /** log1p of dialogue turns written as `User:` / `Assistant:` / `Q:` / `A:` lines. */
  dialogueTurns: number;
  /** Share of symbol characters in the last 160 characters. */
  tailSymbols: number;
  /** Share of words with a case change or digit inside (`IterreateAlpha`, `textitspanifying6`). */
  oddWords: number;
  /** Share of odd words among the last 24 words. */
  tailOddWords: number;
  /** Symbol pairs like `({`, `](`, `"]` per 100 characters. */
  symbolRuns: number;
  /** log of the length in characters, divided by 8. */
  length: number;
  /** Share of words that are "you"/"your". */
  secondPerson: number;
  /** 1 when the text is one short question. */
  shortQuestion: number;
  /** Share of upper-case letters. */
  upper: number;
  /** Number of words (not a feature: used to scale others). */
  words: number;
}

// Sticky: tried at line starts (countTurns), where `^` matches in multi-line mode.
const TURN = /^[ \t>#*-]*(?:user|human|assistant|ai|bot|chatbot|q|a|question|answer|system|customer|agent|model|gpt|claude|me|you)\s*\d*\s*[:：]/imy;
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/g;
const ODD_WORD = /^(?:\p{Ll}+\p{Lu}|\p{Lu}{2,}\p{Ll}{2,}|\p{L}+\d+\p{L}*$|\d+\p{L}{3,})/u;
const SYMBOL = /[\[\]{}()<>|\\^~`=_*#@$%&+;]/;
const SYMBOL_PAIR = /[\[\]{}()<>|\\^~`="'.,;:!?*#@$%&+\-]{2,}/g;
const YOU = /^(?:you|your|yours|yourself|you're|you'll|you've)$/i;
// ODD_WORD for ASCII words, where \p{Ll} is [a-z], \p{Lu} [A-Z] and \p{L} [A-Za-z].
const ODD_ASCII_WORD = /^(?:[a-z]+[A-Z]|[A-Z]{2,}[a-z]{2,}|[A-Za-z]+\d+[A-Za-z]*$|\d+[A-Za-z]{3,})/;
// SYMBOL by character code (every SYMBOL character is ASCII).
const IS_SYMBOL = new Uint8Array(128);
for (let c = 0; c < 128; c++) IS_SYMBOL[c] = SYMBOL.test(String.fromCharCode(c)) ? 1 : 0;
// A word is a run of [\p{L}\p{N}'] (code points); in ASCII that class is [A-Za-z0-9'].
const IS_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) IS_WORD[c] = /[A-Za-z0-9']/.test(String.fromCharCode(c)) ? 1 : 0;
/** Whether code point `cp` belongs to a word. */
const isWordPoint = (cp: number): boolean => (cp < 128 ? IS_WORD[cp] === 1 : (classOf(cp) & (LETTER | NUMBER)) !== 0);
// Oddness of the last 24 words, as a ring.
const TAIL_WORDS = 24;
const recent = new Uint8Array(TAIL_WORDS);
const textUnits = new CodeUnits();

/**
 * Word statistics of `text`, given also as its `n` code `units`: words, odd words, second-person
 * words, odd words among the last 24.
 */
function wordStats(units: Uint16Array, n: number, text: string): { words: number; odd: number; you: number; tailOdd: number } {
  let words = 0;
  let odd = 0;
  let you = 0;
  for (let i = 0; i < n; ) {
    const first = unitPointAt(units, i, n);
    if (!isWordPoint(first)) {
      i += widthOf(first);
      continue;
    }
    // An odd word has a digit, or an upper-case letter after its first character.
    let marked = first >= 48 && first <= 57;
    let ascii = first < 128;
    let end = i + widthOf(first);
    while (end < n) {
      const cp = unitPointAt(units, end, n);
      if (!isWordPoint(cp)) break;
      if (cp < 128) {
        if ((cp >= 65 && cp <= 90) || (cp >= 48 && cp <= 57)) marked = true;
      } else {
        ascii = false;
        if (classOf(cp) & UPPER) marked = true;
      }
      end += widthOf(cp);
    }
    const length = end - i;
    const isOdd = length >= 4 && marked && (ascii ? ODD_ASCII_WORD : ODD_WORD).test(text.slice(i, end));
    if (isOdd) odd++;
    if (length >= 3 && length <= 8 && (first | 32) === 121 && YOU.test(text.slice(i, end))) you++;
    recent[words++ % TAIL_WORDS] = isOdd ? 1 : 0;
    i = end;
  }
  let tailOdd = 0;
  for (let k = Math.min(words, TAIL_WORDS) - 1; k >= 0; k--) tailOdd += recent[k];
  return { words, odd, you, tailOdd };
}

/**
 * TURN's matches in `text`, counting up to `max`. TURN begins with `^`, so it is tried at line
 * starts only, each at or after the end of the last match, as a global scan finds them.
 */
function countTurns(text: string, max: number): number {
  let turns = 0;
  let end = 0;
  // test() leaves LINE_TERMINATOR's lastIndex at the next line start.
  LINE_TERMINATOR.lastIndex = 0;
  for (let p = 0; p >= 0 && turns < max; p = LINE_TERMINATOR.test(text) ? LINE_TERMINATOR.lastIndex : -1) {
    if (p < end) continue;
    TURN.lastIndex = p;
    if (TURN.test(text)) {
      turns++;
      end = TURN.lastIndex;
    }
  }
  return turns;
}

/** Computes the surface statistics of `text`. */
export function surfaceStats(text: string): SurfaceStats {
  const turns = countTurns(text, 200);
  const n = text.length;
  const units = textUnits.of(text);

  // The last 160 characters.
  const tailLength = Math.min(n, 160);
  let symbols = 0;
  for (let i = n - tailLength; i < n; i++) {
    const c = units[i];
    if (c < 128 && IS_SYMBOL[c]) symbols++;
  }

  const { words, odd, you, tailOdd } = wordStats(units, n, text);
  const tailWords = Math.min(words, TAIL_WORDS);

  let runs = 0;
  SYMBOL_PAIR.lastIndex = 0;
  for (const m of text.matchAll(SYMBOL_PAIR)) {
    // Ordinary punctuation endings (".", "?!", "...", ").") are not odd.
    if (!/^(?:\.{2,}|[.?!]+["')]?|["')][.,;:?!]|\)\.|\.\)|,"|\.")$/.test(m[0])) runs++;
  }
  let upper = 0;
  let letters = 0;
  for (let i = 0; i < n; i++) {
    const c = units[i];
    if (c >= 65 && c <= 90) {
      upper++;
      letters++;
    } else if (c >= 97 && c <= 122) letters++;
  }
  const trimmed = text.trim();
  return {
    dialogueTurns: Math.log1p(turns),
    tailSymbols: tailLength ? (3 * symbols) / tailLength : 0,
    oddWords: words ? Math.min(3, (10 * odd) / words) : 0,
    tailOddWords: tailWords ? (3 * tailOdd) / tailWords : 0,
    symbolRuns: Math.min(3, (100 * runs) / Math.max(text.length, 50)),
    length: Math.log1p(text.length) / 8,
    secondPerson: words ? Math.min(3, (10 * you) / words) : 0,
    shortQuestion: trimmed.length < 200 && trimmed.endsWith('?') && !trimmed.includes('\n') ? 1 : 0,
    upper: letters ? Math.min(3, (3 * upper) / letters) : 0,
    words,
  };
}

/** The statistics in a fixed order, for the model's dense features. */
export const SURFACE_KEYS: ReadonlyArray<Exclude<keyof SurfaceStats, 'words'>> = [
  'dialogueTurns', 'tailSymbols', 'oddWords', 'tailOddWords', 'symbolRuns', 'length', 'secondPerson', 'shortQuestion', 'upper',
];

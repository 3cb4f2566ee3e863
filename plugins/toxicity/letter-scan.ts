/**
 * The letter-level steps of normalization (see normalize.ts) as scans over a table of character
 * classes. Each step reads the text once and returns it untouched when it has nothing to change;
 * the regular expressions they stand for took a pass each, with a `\p{L}` test per character and
 * a callback per match. For text without surrogates (every character one code unit) each step
 * gives exactly what its regular expression gives; normalize.ts keeps the expressions for the rest.
 */
import { Buffer } from 'node:buffer';
import { endianness } from 'node:os';
import { HASH_SEED, step } from './features.js';

/** `\p{L}`. */
const LETTER = 1;
/** Leetspeak inside a word: 0-9 @ $ ! | € £. */
const LEET = 2;
/** Symbols joined out of a word: . - _ ~ ^ ' " ` + */
const SYMBOL = 4;
/** Letters, digits and `*` (a wildcard): everything else separates words. */
const KEEP = 8;

/** The letter each leet character stands for (digits without one stay). */
export const LEET_LETTERS: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's', '!': 'i', '|': 'l', '€': 'e', '£': 'l' };

// LEET_LETTERS by code unit (0: none).
const LEET_CODES = (() => {
  const table = new Uint16Array(0x10000);
  for (const [c, letter] of Object.entries(LEET_LETTERS)) table[c.charCodeAt(0)] = letter.charCodeAt(0);
  return table;
})();

/** Classes of every code unit (lone surrogates have none). */
const CLASS = (() => {
  const table = new Uint8Array(0x10000);
  const letter = /\p{L}/u;
  for (let c = 0; c < 0x10000; c++) if (letter.test(String.fromCharCode(c))) table[c] = LETTER | KEEP;
  for (const c of '0123456789@$!|€£') table[c.charCodeAt(0)] |= LEET;
  for (const c of '0123456789*') table[c.charCodeAt(0)] |= KEEP;
  for (const c of '.-_~^\'"`+') table[c.charCodeAt(0)] |= SYMBOL;
  return table;
})();

const classOf = (s: string, i: number) => CLASS[s.charCodeAt(i)];

// The text a step writes: its code units moved down in place in a reused buffer (no step makes
// a text longer), read back as one string at the end. Unchanged stretches move natively, where
// pieces collected and joined cost an allocation each. `written` is -1 while the step has
// changed nothing.
let units = new Uint16Array(4096);
let bytes = Buffer.from(units.buffer);
let written = -1;

/** Keeps `s[from, to)` as it is, after what was written so far. */
function keep(s: string, from: number, to: number): void {
  if (written < 0) {
    if (units.length < s.length) {
      units = new Uint16Array(s.length * 2);
      bytes = Buffer.from(units.buffer);
    }
    bytes.write(s, 0, 'utf16le');
    written = from;
  } else if (written !== from) units.copyWithin(written, from, to);
  written += to - from;
}

/** The buffer holds UTF-16LE bytes (what `write` and `toString` use), whatever the host's order. */
const LITTLE_ENDIAN = endianness() === 'LE';

/** Writes one code unit (after a `keep`). */
function put(c: number): void {
  units[written++] = LITTLE_ENDIAN ? c : ((c & 0xff) << 8) | (c >> 8);
}

/** The text itself when a step changed nothing, else what was written and the rest as one string. */
function finish(s: string, from: number): string {
  if (written < 0) return s;
  keep(s, from, s.length);
  const out = bytes.toString('utf16le', 0, written * 2);
  written = -1;
  return out;
}

/**
 * Leetspeak inside words: a run of letters and leet characters holding both (once closing `!`s,
 * punctuation, are cut off) is spelled with letters: `sh1t`, `b!tch!!`, `@ss`; `2014` or `wow!` stay.
 */
export function unleet(s: string): string {
  let from = 0; // s[from, ...) is still to be copied as is
  // Only a run holding a leet character can change: the native search jumps from one to the
  // next, and the run around it is read from there, where reading every letter of the text
  // took most of this step's time.
  LEET_CHARACTER.lastIndex = 0;
  while (LEET_CHARACTER.test(s)) {
    const at = LEET_CHARACTER.lastIndex - 1;
    let start = at;
    while (start > 0 && classOf(s, start - 1) & (LETTER | LEET)) start--;
    let i = at + 1;
    while (i < s.length && classOf(s, i) & (LETTER | LEET)) i++;
    LEET_CHARACTER.lastIndex = i;
    let end = i;
    while (end > start && s.charCodeAt(end - 1) === 0x21) end--;
    let letters = 0;
    for (let j = start; j < end; j++) if (classOf(s, j) & LETTER) letters++;
    if (letters === 0 || letters === end - start) continue;
    keep(s, from, start);
    for (let j = start; j < end; j++) put(LEET_CODES[s.charCodeAt(j)] || s.charCodeAt(j));
    from = i;
  }
  return finish(s, from);
}

/** The LEET class, for the native search. */
const LEET_CHARACTER = /[0-9@$!|€£]/g;
/** The SYMBOL class, for the native search. */
const SYMBOL_CHARACTER = /[.\-_~^'"`+]/g;
/** Two single code units in a row, each after a space: where the spaced letters' shape can be (its first space). */
const TWO_SINGLES = / [^ ] [^ ]/g;

/** Symbols inside a word: `f.u.c.k`, `b-i-t-c-h` -> the letters joined, when at most 12 (`*` is no symbol: it stays a wildcard). */
export function joinSymbols(s: string): string {
  let from = 0;
  // A join starts at a letter followed by a symbol: the native search jumps from symbol to symbol.
  SYMBOL_CHARACTER.lastIndex = 1;
  while (SYMBOL_CHARACTER.test(s)) {
    const i = SYMBOL_CHARACTER.lastIndex - 2;
    if (i + 2 >= s.length) break;
    if (!(classOf(s, i) & LETTER)) continue;
    // Letter, then as many times as it comes: symbols and a letter.
    let letters = 1;
    let end = -1;
    for (let j = i + 1; ; ) {
      let k = j;
      while (k < s.length && classOf(s, k) & SYMBOL) k++;
      if (k === j || k === s.length || !(classOf(s, k) & LETTER)) break;
      letters++;
      end = j = k + 1;
    }
    if (end < 0) continue;
    if (letters <= 12) {
      keep(s, from, i);
      for (let j = i; j < end; j++) if (classOf(s, j) & LETTER) put(s.charCodeAt(j));
      from = end;
    }
    // The next join starts at `end` or later: its symbol one further.
    SYMBOL_CHARACTER.lastIndex = end + 1;
  }
  return finish(s, from);
}

/** `\w` of an expression without the `i` flag: a-z, A-Z, 0-9 and `_` (out of the text: none). */
function isWordUnit(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/**
 * Whether the text has three single letters in a row (`f u c k`) with a word boundary (`\b`)
 * before the first, as every match of the spaced-letters expression starts: `what a day` has
 * letter, space, letter, space, letter too, but its first letter ends `what`.
 */
export function mayBeSpaced(s: string): boolean {
  // The native search jumps to a space, one code unit, a space and another code unit (two
  // single-letter words in a row are rare in prose); only the letters and the boundary are left to check.
  TWO_SINGLES.lastIndex = 1;
  while (TWO_SINGLES.test(s)) {
    const i = TWO_SINGLES.lastIndex - 4;
    if (classOf(s, i - 1) & LETTER && classOf(s, i + 1) & LETTER && classOf(s, i + 3) & LETTER && isWordUnit(s, i - 2) !== isWordUnit(s, i - 1)) return true;
    // Shapes may overlap: the next one's first space may be this one's second.
    TWO_SINGLES.lastIndex = i + 1;
  }
  return false;
}

/**
 * Three or more of one letter -> two (`fuuuck` -> `fuuck`), then every run of characters other
 * than letters, digits and `*` -> one space, none at either end. Every text has something here
 * to change (a line break, a comma), so the code units kept are written as they are read (see
 * `tidyInto`) and read back as one string.
 */
export function tidy(s: string): string {
  if (units.length < s.length) {
    units = new Uint16Array(s.length * 2);
    bytes = Buffer.from(units.buffer);
  }
  const w = tidyInto(s, units, 0);
  if (!tidyChanged) return s;
  if (!LITTLE_ENDIAN) for (let j = 0; j < w; j++) units[j] = ((units[j] & 0xff) << 8) | (units[j] >> 8);
  return bytes.toString('utf16le', 0, w * 2);
}

/** Whether the last `tidyInto` changed its text. */
let tidyChanged = false;

/** Where `tidyInto` files the words it writes (room for one per two code units, and one more). */
export interface WordList {
  /** Where each word starts and ends in the written text, and the FNV-1a hash of its code units. */
  starts: Int32Array;
  ends: Int32Array;
  hashes: Int32Array;
  /** How many words were filed. */
  count: number;
}

/**
 * `tidy(s)` as code units written into `out` from `at` (room for `s.length` of them: tidying never
 * lengthens a text); returns how many. A run of one letter is counted as it goes instead of
 * looking ahead at each letter. `words`: filled with the words written (the pieces between the
 * single spaces) and their hashes, in the same walk, so nobody reads the text again to find them.
 */
export function tidyInto(s: string, out: Uint16Array, at: number, words?: WordList): number {
  const n = s.length;
  let w = at;
  let changed = false;
  // The code unit kept last and how many times in a row it came (-1 after a separator).
  let prev = -1;
  let run = 0;
  // The word being written: where it started (in out) and its hash so far.
  let wordStart = at;
  let hash = HASH_SEED;
  let count = 0;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    const k = CLASS[c];
    if (k & KEEP) {
      if (c === prev) run++;
      else {
        prev = c;
        run = 1;
      }
      // The third and later of one letter go; digits and `*` stay however many.
      if (run >= 3 && k & LETTER) changed = true;
      else {
        out[w++] = c;
        hash = step(hash, c);
      }
      i++;
      continue;
    }
    prev = -1;
    let end = i + 1;
    while (end < n && !(CLASS[s.charCodeAt(end)] & KEEP)) end++;
    // A single space between words stays; other separators become one, or none at either end.
    if (i === 0 || end === n) changed = true;
    else {
      if (end - i > 1 || c !== 0x20) changed = true;
      if (words) {
        words.starts[count] = wordStart - at;
        words.ends[count] = w - at;
        words.hashes[count++] = hash;
      }
      out[w++] = 0x20;
      wordStart = w;
      hash = HASH_SEED;
    }
    i = end;
  }
  // The last word (none in an empty text: between separators there is always a code unit kept).
  if (words) {
    if (w > wordStart) {
      words.starts[count] = wordStart - at;
      words.ends[count] = w - at;
      words.hashes[count++] = hash;
    }
    words.count = count;
  }
  tidyChanged = changed;
  return w - at;
}

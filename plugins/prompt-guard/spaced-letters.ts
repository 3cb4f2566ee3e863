/**
 * Whether a text may hold letters spaced out ("i g n o r e"), read from its code units instead
 * of by a Unicode regex tried at every position. It answers as
 *   /(?:^|[^\p{L}\p{N}])\p{L}[ .\-_*|+]\p{L}[ .\-_*|+]\p{L}[ .\-_*|+]\p{L}/u.test(text)
 * (deobfuscate.ts): four letters each but the last followed by one separator, the first at the
 * start or after a code point that is no letter or digit.
 */
import { ASCII_ALNUM, classOf, isAsciiLetter, codePointBefore, CodeUnits, LETTER, NUMBER, unitPointAt, widthOf } from '../shared/prompt-features/chars.js';

const SEPARATOR = new Uint8Array(128);
for (const ch of ' .-_*|+') SEPARATOR[ch.charCodeAt(0)] = 1;

const isLetter = (cp: number) => (classOf(cp) & LETTER) !== 0;
const isSeparator = (c: number) => c < 128 && SEPARATOR[c] === 1;
const codeUnits = new CodeUnits();
/** An ASCII code unit that is no letter (and so no part of a letter's code point). */
const isAsciiNonLetter = (c: number) => c < 128 && !isAsciiLetter(c);

/** Whether `text` holds four letters, each but the last followed by one separator, the first at a word start. */
export function hasSpacedLetters(text: string): boolean {
  const n = text.length;
  const units = codeUnits.of(text);
  // A match's first separator `s` has another two code units on (a BMP letter between them) or
  // three (an astral one), and a match is at least six code units long from `s`; most text has
  // no such place.
  for (let s = 1; s + 5 < n; s++) {
    if (!isSeparator(units[s]) || !(isSeparator(units[s + 2]) || isSeparator(units[s + 3]))) continue;
    // The letters either side of the separator: an ASCII unit there that is no letter (a run of
    // spaces padding a table, a dash between words) rules the place out without reading code points.
    if (isAsciiNonLetter(units[s - 1]) || isAsciiNonLetter(units[s + 1])) continue;
    // An ASCII letter before it is the first letter, which must begin a word: not after a letter or digit.
    if (s >= 2 && units[s - 1] < 128 && units[s - 2] < 128 && ASCII_ALNUM[units[s - 2]] === 1) continue;
    // The first letter ends at `s`: one code unit, or a surrogate pair.
    if (spacedFrom(text, units, s - widthOf(codePointBefore(text, s)), n)) return true;
  }
  return false;
}

/** Places spacedFrom was asked about since the module loaded: how much work the scan does (for tests). */
let trials = 0;

/** The number of places hasSpacedLetters has read code point by code point so far. */
export function spacedLetterTrials(): number {
  return trials;
}

/** Whether a match begins with the letter at `start` (a code point boundary). */
function spacedFrom(text: string, units: Uint16Array, start: number, n: number): boolean {
  trials++;
  if (start > 0 && (classOf(codePointBefore(text, start)) & (LETTER | NUMBER)) !== 0) return false;
  let i = start;
  for (let k = 0; k < 4; k++) {
    if (i >= n) return false;
    const cp = unitPointAt(units, i, n);
    if (!isLetter(cp)) return false;
    i += widthOf(cp);
    if (k < 3 && (i >= n || !isSeparator(units[i++]))) return false;
  }
  return true;
}

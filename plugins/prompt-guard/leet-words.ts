/**
 * Leetspeak word candidates of a text, found by a loop over its characters instead of a regex with
 * two look-aheads tried at every word start. Each match is the one of
 *   /(?<![\p{L}\p{N}])(?=[a-z0-9@$!|]*[a-z])(?=[a-z0-9@$!|]*[0-9@$!|][a-z0-9@$!|]*[a-z0-9])[a-z0-9@$!|]{3,}/gu
 * (the leetspeak words deobfuscate.ts reads), in the same order; on ASCII text the look-behind
 * is `(?<![A-Za-z0-9])`.
 */
import { ASCII_ALNUM, classOf, LETTER, NUMBER, unitPointBefore } from '../shared/prompt-features/chars.js';

const LEET_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) LEET_CHAR[c] = /[a-z0-9@$!|]/.test(String.fromCharCode(c)) ? 1 : 0;
const isLeet = (c: number) => c < 128 && LEET_CHAR[c] === 1;
const isLower = (c: number) => c >= 97 && c <= 122;
const isDigit = (c: number) => c >= 48 && c <= 57;

/** The end of the match nextLeetWord last found. */
export let leetEnd = 0;

/**
 * The start of the first match at or after `from` in the text of `n` code `units` (chars.ts
 * CodeUnits), its end in `leetEnd`; -1 when there is none. A match is the whole run of leet
 * characters from its start (the quantifier is greedy and nothing follows it), so the look-aheads
 * are read over that run. Starts are tried run by run: at the run's start, and inside it after a
 * symbol (no letter or digit before them).
 */
export function nextLeetWord(units: Uint16Array, n: number, from: number): number {
  let p = from;
  while (p < n) {
    if (!isLeet(units[p])) {
      p++;
      continue;
    }
    let end = p;
    let allLetters = true;
    for (; end < n && isLeet(units[end]); end++) allLetters &&= isLower(units[end]);
    // A run of letters only fails the second look-ahead wherever it starts.
    if (!allLetters) {
      for (let q = p; q + 3 <= end; q++) {
        if (q > 0 && alnumBefore(units, q)) continue;
        if (lookAheadsHold(units, q, end)) {
          leetEnd = end;
          return q;
        }
      }
    }
    p = end;
  }
  return -1;
}

/** Whether the code point before `q` is a letter or a digit (`\p{L}` or `\p{N}`). */
function alnumBefore(units: Uint16Array, q: number): boolean {
  const c = units[q - 1];
  return c < 128 ? ASCII_ALNUM[c] === 1 : (classOf(unitPointBefore(units, q)) & (LETTER | NUMBER)) !== 0;
}

/** Whether `units[start..end)` holds a letter, and a digit or symbol with a letter or digit after it. */
function lookAheadsHold(units: Uint16Array, start: number, end: number): boolean {
  let letter = false;
  let marker = false;
  let markerThenAlnum = false;
  for (let i = start; i < end; i++) {
    const c = units[i];
    const lower = isLower(c);
    letter ||= lower;
    if (marker && (lower || isDigit(c))) markerThenAlnum = true;
    // Every leet character that is no letter is a digit or one of @$!|.
    if (!lower) marker = true;
  }
  return letter && markerThenAlnum;
}

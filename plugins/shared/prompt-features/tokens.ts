/**
 * Word tokens of folded text, hashed: runs of letters and digits, an apostrophe with the letters
 * after it, and single symbols (TOKEN below). A long text's windows read most of their tokens from
 * one pass over the whole text (TokenIndex), hashing only near their edges.
 */
import { FNV_PRIME, SEEDS } from './hashing.js';
import { ASCII_ALNUM, classOf, CodeUnits, isAsciiLetter, LETTER, NUMBER, unitPointAt, widthOf } from './chars.js';

// Word tokens: letters and digits, and an apostrophe with the letters after it (scanTokens).
const TOKEN = /[\p{L}\p{N}]+(?:'[\p{L}]+)?|[!?<>\[\]{}|#*:=$]/u;
// TOKEN's characters in ASCII: [\p{L}\p{N}] is [A-Za-z0-9] there; symbols are its last class.
const ASCII_SYMBOL = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_SYMBOL[c] = !ASCII_ALNUM[c] && TOKEN.test(String.fromCharCode(c)) ? 1 : 0;

/** Whether code point `cp` is a letter or digit (`[\p{L}\p{N}]`). */
const isAlnum = (cp: number): boolean => (cp < 128 ? ASCII_ALNUM[cp] === 1 : (classOf(cp) & (LETTER | NUMBER)) !== 0);
/** Whether code point `cp` is a letter (`\p{L}`). */
const isLetter = (cp: number): boolean => (cp < 128 ? isAsciiLetter(cp) : (classOf(cp) & LETTER) !== 0);

/** Where the last scanTokens stopped. */
let scanEnd = 0;

/**
 * Hashes the tokens of code `units[i..n)` (TOKEN's matches, `hashString(token, SEEDS.word)` each)
 * into `out` from `count`; returns the new count, and leaves where it stopped in `scanEnd`. The
 * text is read code point by code point as TOKEN reads it, and each token's code units are hashed
 * as they are passed. Between tokens (where TOKEN's scan would resume), `top`, when given, gets
 * the count so far; the scan stops early at the first such place where `until` holds one.
 */
function scanTokens(units: Uint16Array, i: number, n: number, out: Uint32Array, count: number, top: Int32Array | null, until: Int32Array | null): number {
  const seed = SEEDS.word >>> 0;
  while (i < n) {
    if (top) top[i] = count;
    else if (until && until[i] >= 0) break;
    let cp = unitPointAt(units, i, n);
    if (!isAlnum(cp)) {
      if (cp < 128 && ASCII_SYMBOL[cp]) out[count++] = Math.imul(seed ^ cp, FNV_PRIME) >>> 0;
      i += widthOf(cp);
      continue;
    }
    let h = seed;
    do {
      for (const end = i + widthOf(cp); i < end; i++) h = Math.imul(h ^ units[i], FNV_PRIME);
      cp = i < n ? unitPointAt(units, i, n) : -1;
    } while (cp >= 0 && isAlnum(cp));
    // An apostrophe and letters continue the token (`don't`).
    if (cp === 39 && i + 1 < n && isLetter(unitPointAt(units, i + 1, n))) {
      h = Math.imul(h ^ 39, FNV_PRIME);
      cp = unitPointAt(units, ++i, n);
      do {
        for (const end = i + widthOf(cp); i < end; i++) h = Math.imul(h ^ units[i], FNV_PRIME);
        cp = i < n ? unitPointAt(units, i, n) : -1;
      } while (cp >= 0 && isLetter(cp));
    }
    out[count++] = h >>> 0;
  }
  if (top && i === n) top[n] = count;
  scanEnd = i;
  return count;
}

/** The token hashes of the `n` code `units` of a text, into `out` (at least `n` long); returns how many. */
export function tokenHashes(units: Uint16Array, n: number, out: Uint32Array): number {
  return scanTokens(units, 0, n, out, 0, null, null);
}

/**
 * The tokens of a whole text, and where its scan was between tokens. A window's scan, once it
 * is between tokens at such a place, goes on exactly as the whole text's did, so the tokens that
 * follow are copied, up to where the window's end (a few code units on) could change them.
 */
export class TokenIndex {
  private readonly codeUnits = new CodeUnits();
  private units: Uint16Array = new Uint16Array(0);
  private tokens = new Uint32Array(0);
  /** Per position, the tokens before it if the scan was between tokens there, else -1. */
  private top = new Int32Array(0);

  /** Indexes the tokens of `whole`. */
  fill(whole: string): this {
    const n = whole.length;
    this.units = this.codeUnits.of(whole);
    if (this.tokens.length < n) {
      this.tokens = new Uint32Array(n * 2);
      this.top = new Int32Array(n * 2 + 1);
    }
    this.top.fill(-1, 0, n + 1);
    scanTokens(this.units, 0, n, this.tokens, 0, this.top, null);
    return this;
  }

  /** The token hashes of the whole text's code units `[start, end)`, into `out` (at least `end - start` long); returns how many. */
  read(start: number, end: number, out: Uint32Array): number {
    const { units, top } = this;
    // Hash up to where the window's scan meets the whole text's between tokens.
    const head = scanTokens(units, start, end, out, 0, null, top);
    const from = scanEnd;
    if (from >= end) return head;
    // The whole text's steps that begin before `to` read no code unit at or past `end`: a step
    // reads at most two code units past where it ends.
    let to = end - 3;
    while (to > from && top[to] < 0) to--;
    if (to <= from) return scanTokens(units, from, end, out, head, null, null);
    const copied = top[to] - top[from];
    out.set(this.tokens.subarray(top[from], top[to]), head);
    return scanTokens(units, to, end, out, head + copied, null, null);
  }
}

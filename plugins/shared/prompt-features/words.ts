/**
 * Word statistics of visible text (surface.ts): words, odd words (`IterreateAlpha`,
 * `textitspanifying6`), second-person words, and odd words among the last 24. A long text's
 * windows read most of theirs from one pass over the whole text (WordIndex).
 */
import { classOf, CodeUnits, LETTER, NUMBER, unitPointAt, UPPER, widthOf } from './chars.js';

/** What a scan of words found. */
export interface WordCounts {
  words: number;
  odd: number;
  you: number;
  /** Odd words among the last TAIL_WORDS. */
  tailOdd: number;
}

/** A scan's counts of ASCII letters (every one is in a word), and of the upper-case ones among them. */
export interface LetterCounts {
  letters: number;
  upper: number;
}

export const TAIL_WORDS = 24;

const ODD_WORD = /^(?:\p{Ll}+\p{Lu}|\p{Lu}{2,}\p{Ll}{2,}|\p{L}+\d+\p{L}*$|\d+\p{L}{3,})/u;
const YOU = /^(?:you|your|yours|yourself|you're|you'll|you've)$/i;
// ODD_WORD for ASCII words, where \p{Ll} is [a-z], \p{Lu} [A-Z] and \p{L} [A-Za-z].
const ODD_ASCII_WORD = /^(?:[a-z]+[A-Z]|[A-Z]{2,}[a-z]{2,}|[A-Za-z]+\d+[A-Za-z]*$|\d+[A-Za-z]{3,})/;
// A word is a run of [\p{L}\p{N}'] (code points); in ASCII that class is [A-Za-z0-9'].
const IS_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) IS_WORD[c] = /[A-Za-z0-9']/.test(String.fromCharCode(c)) ? 1 : 0;
/** Whether code point `cp` belongs to a word. */
const isWordPoint = (cp: number): boolean => (cp < 128 ? IS_WORD[cp] === 1 : (classOf(cp) & (LETTER | NUMBER)) !== 0);

const ODD = 1;
const YOU_WORD = 2;

/** Counts of a scan, with each word's flags in order (1: odd, 2: second person; grown as needed). */
class Tally {
  words = 0;
  odd = 0;
  you = 0;
  /** ASCII letters, and the upper-case ones, in the words. */
  letters = 0;
  upper = 0;
  flags = new Uint8Array(64);

  reset(): this {
    this.words = this.odd = this.you = this.letters = this.upper = 0;
    return this;
  }

  push(odd: boolean, you: boolean): void {
    if (this.words === this.flags.length) {
      const grown = new Uint8Array(this.flags.length * 2);
      grown.set(this.flags);
      this.flags = grown;
    }
    this.flags[this.words++] = (odd ? ODD : 0) | (you ? YOU_WORD : 0);
    if (odd) this.odd++;
    if (you) this.you++;
  }
}

/** Where the last scanWords stopped. */
let scanEnd = 0;

/**
 * Scans the words of `text`'s code `units[i..n)` into `tally`; leaves where it stopped in
 * `scanEnd`. Between words, `top`, when given, gets the words so far; the scan stops early at the
 * first such place where `until` holds one.
 */
function scanWords(units: Uint16Array, i: number, n: number, text: string, tally: Tally, top: Int32Array | null, until: Int32Array | null): void {
  while (i < n) {
    if (top) top[i] = tally.words;
    else if (until && until[i] >= 0) break;
    const first = unitPointAt(units, i, n);
    if (!isWordPoint(first)) {
      i += widthOf(first);
      continue;
    }
    // An odd word has a digit, or an upper-case letter after its first character.
    let marked = first >= 48 && first <= 57;
    let ascii = first < 128;
    // Every ASCII letter of the text is in a word: the letters are counted here, in the same pass.
    let letters = first >= 97 && first <= 122 ? 1 : 0;
    let upper = first >= 65 && first <= 90 ? 1 : 0;
    let end = i + widthOf(first);
    while (end < n) {
      const cp = unitPointAt(units, end, n);
      if (!isWordPoint(cp)) break;
      if (cp < 128) {
        if (cp >= 65 && cp <= 90) {
          marked = true;
          upper++;
        } else if (cp >= 97 && cp <= 122) letters++;
        else if (cp >= 48 && cp <= 57) marked = true;
      } else {
        ascii = false;
        if (classOf(cp) & UPPER) marked = true;
      }
      end += widthOf(cp);
    }
    const length = end - i;
    const isOdd = length >= 4 && marked && (ascii ? ODD_ASCII_WORD : ODD_WORD).test(text.slice(i, end));
    const isYou = length >= 3 && length <= 8 && (first | 32) === 121 && YOU.test(text.slice(i, end));
    tally.push(isOdd, isYou);
    tally.letters += letters + upper;
    tally.upper += upper;
    i = end;
  }
  if (top && i === n) top[n] = tally.words;
  scanEnd = i;
}

const single = new Tally();

/** Word statistics of `text`, given also as its `n` code `units`, and its ASCII letters. */
export function wordCounts(units: Uint16Array, n: number, text: string): WordCounts & LetterCounts {
  scanWords(units, 0, n, text, single.reset(), null, null);
  let tailOdd = 0;
  for (let k = Math.max(0, single.words - TAIL_WORDS); k < single.words; k++) tailOdd += single.flags[k] & ODD;
  return { words: single.words, odd: single.odd, you: single.you, tailOdd, letters: single.letters, upper: single.upper };
}

/** The ASCII letters of the `n` code `units` of a text, and the upper-case ones among them. */
export function letterCounts(units: Uint16Array, n: number): LetterCounts {
  let upper = 0;
  let letters = 0;
  for (let i = 0; i < n; i++) {
    const c = units[i];
    if (c >= 65 && c <= 90) {
      upper++;
      letters++;
    } else if (c >= 97 && c <= 122) letters++;
  }
  return { letters, upper };
}

/**
 * The words of a whole text, and where its scan was between words. A window's scan, once it is
 * between words at such a place, goes on exactly as the whole text's did, so the words that follow
 * are counted from the whole text's, up to where the window's end (a code unit on) could change them.
 */
export class WordIndex {
  private readonly codeUnits = new CodeUnits();
  private units: Uint16Array = new Uint16Array(0);
  private text = '';
  private readonly whole = new Tally();
  /** Odd and second-person words before each word of the whole text. */
  private oddBefore = new Int32Array(0);
  private youBefore = new Int32Array(0);
  /** Per position, the words before it if the scan was between words there, else -1. */
  private top = new Int32Array(0);
  private readonly head = new Tally();
  private readonly tail = new Tally();

  /** Indexes the words of `whole`. */
  fill(whole: string): this {
    const n = whole.length;
    this.text = whole;
    this.units = this.codeUnits.of(whole);
    if (this.top.length < n + 1) this.top = new Int32Array(n * 2 + 1);
    this.top.fill(-1, 0, n + 1);
    const tally = this.whole.reset();
    scanWords(this.units, 0, n, whole, tally, this.top, null);
    if (this.oddBefore.length < tally.words + 1) {
      this.oddBefore = new Int32Array(tally.words * 2 + 1);
      this.youBefore = new Int32Array(tally.words * 2 + 1);
    }
    let odd = 0;
    let you = 0;
    for (let k = 0; k < tally.words; k++) {
      this.oddBefore[k] = odd;
      this.youBefore[k] = you;
      odd += tally.flags[k] & ODD;
      you += (tally.flags[k] & YOU_WORD) >> 1;
    }
    this.oddBefore[tally.words] = odd;
    this.youBefore[tally.words] = you;
    return this;
  }

  /** The word statistics of the whole text's slice `[start, end)`, as wordCounts gives them. */
  read(start: number, end: number): WordCounts {
    const { units, text, top } = this;
    const head = this.head.reset();
    const tail = this.tail.reset();
    // Scan up to where the window's scan meets the whole text's between words.
    scanWords(units, start, end, text, head, null, top);
    const from = scanEnd;
    // The whole text's steps that begin before `to` read no code unit at or past `end`: a step
    // reads at most one code unit past where it ends.
    let to = end - 2;
    while (to > from && top[to] < 0) to--;
    if (to <= from) to = from;
    if (from < end) scanWords(units, to, end, text, tail, null, null);
    const first = from < end ? top[from] : 0;
    const last = from < end ? top[to] : 0;
    const copied = last - first;
    const words = head.words + copied + tail.words;
    // The last TAIL_WORDS words: the tail's, then the copied ones, then the head's.
    let tailOdd = 0;
    let k = tail.words - 1;
    for (let taken = 0; taken < TAIL_WORDS && taken < words; taken++, k--) {
      if (k >= 0) tailOdd += tail.flags[k] & ODD;
      else if (k >= -copied) tailOdd += this.whole.flags[last + k] & ODD;
      else tailOdd += head.flags[head.words + copied + k] & ODD;
    }
    return {
      words,
      odd: head.odd + this.oddBefore[last] - this.oddBefore[first] + tail.odd,
      you: head.you + this.youBefore[last] - this.youBefore[first] + tail.you,
      tailOdd,
    };
  }
}

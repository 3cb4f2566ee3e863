/** Word tokens with their shape, for the contextual recognizers (names, places, addresses). */
import { letterAt } from './char-class.js';
import { foldName } from './fold.js';

// A token's shape bits, and how its `fold` is made from its word without the trailing dot.
const TITLE = 1;
const UPPER = 2;
const INITIAL = 4;
const FOLD_LOWER = 8;
const FOLD_NAME = 16;

/**
 * One word of the text. Its strings (`text`, `fold`, `gap`) are cut out of the text when read:
 * the recognizers look at few words beyond their shape, and a 4 KB prompt has 700 of them.
 * Tokens are pooled and refilled by each `tokenize`, so a text's words cost no allocation but
 * the array that lists them: a token is valid until the next text is tokenized.
 */
export class Token {
  /** The word lists `fold` is on, -1 until first asked: see kindsOf in lexicon.ts. */
  kinds = -1;
  start = 0;
  end = 0;
  /** Where the characters between the previous token and this one begin. */
  private gapStart = 0;
  /** TITLE | UPPER | INITIAL | FOLD_LOWER | FOLD_NAME. */
  private shape = 0;
  private cutText: string | undefined = undefined;
  private cutFold: string | undefined = undefined;

  /** Makes this token the word at `start`..`end` of the text being tokenized. */
  fill(start: number, end: number, gapStart: number, shape: number): Token {
    this.start = start;
    this.end = end;
    this.gapStart = gapStart;
    this.shape = shape;
    this.kinds = -1;
    this.cutText = this.cutFold = undefined;
    return this;
  }

  /** `Anna`, `McDowell`, `O'Neil`: an upper-case letter then a lower-case one. */
  get title(): boolean {
    return (this.shape & TITLE) !== 0;
  }

  /** `KØBENHAVN`: two or more letters, all upper case. */
  get upper(): boolean {
    return (this.shape & UPPER) !== 0;
  }

  /** `J` or `J.`: a middle initial. */
  get initial(): boolean {
    return (this.shape & INITIAL) !== 0;
  }

  /** The word as written. */
  get text(): string {
    return (this.cutText ??= lastText.slice(this.start, this.end));
  }

  /** Folded form for list look-ups (no trailing dot). */
  get fold(): string {
    if (this.cutFold === undefined) {
      const text = this.text;
      const bare = text.charCodeAt(text.length - 1) === DOT ? text.slice(0, -1) : text;
      this.cutFold = this.shape & FOLD_LOWER ? bare.toLowerCase() : this.shape & FOLD_NAME ? foldName(bare) : bare;
    }
    return this.cutFold;
  }

  /** The characters between the previous token and this one (mostly one space, a string V8 keeps cached). */
  get gap(): string {
    return lastText.slice(this.gapStart, this.start);
  }
}

/** The shape bits of a token. */
const shapeBits = (title: boolean, upper: boolean, initial: boolean, fold: number) => (title ? TITLE : 0) | (upper ? UPPER : 0) | (initial ? INITIAL : 0) | fold;

// The person and place recognizers run on the same text one after the other: tokenize it once.
let lastText = '';
let lastTokens: Token[] = [];
/** Every token made so far, refilled by each text: held in the old generation, not made anew. */
const pool: Token[] = [];

/** Splits a text into word (and number) tokens; the result is shared, do not modify it (but for `kinds`). */
export function tokenize(text: string): Token[] {
  if (text !== lastText) {
    lastText = text;
    lastTokens = pool.slice(0, split(text));
  }
  return lastTokens;
}

/** The next pooled token, filled. */
function nextToken(index: number, start: number, end: number, gapStart: number, shape: number): Token {
  if (index === pool.length) pool.push(new Token());
  return pool[index]!.fill(start, end, gapStart, shape);
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isLowerAscii = (c: number) => c >= 97 && c <= 122;
const isUpperAscii = (c: number) => c >= 65 && c <= 90;
const APOSTROPHE = 39;
const RIGHT_QUOTE = 0x2019;
const HYPHEN = 45;
const DOT = 46;

// Letters counted by wordEnd, so that an ASCII word's shape needs no second pass.
let upperCount = 0;
let lowerCount = 0;
let nonAsciiCount = 0;

/** The end of the word that starts with a letter at `i`: `\p{L}[\p{L}\p{M}'’-]*\.?` written out. */
function wordEnd(text: string, i: number): number {
  upperCount = lowerCount = nonAsciiCount = 0;
  let j = i;
  for (;;) {
    const c = text.charCodeAt(j);
    if (isLowerAscii(c)) lowerCount++;
    else if (isUpperAscii(c)) upperCount++;
    else if (c >= 128) {
      // Past the end `c` is NaN and fails every test: the word ends.
      const n = c === RIGHT_QUOTE ? 1 : letterAt(text, j, true);
      if (n === 0) break;
      nonAsciiCount++;
      j += n;
      continue;
    } else if (c !== APOSTROPHE && c !== HYPHEN) break;
    j++;
  }
  return text.charCodeAt(j) === DOT ? j + 1 : j;
}

// Words are `\p{L}[\p{L}\p{M}'’-]*\.?` and numbers `\d+`, found by a scan rather than a
// pattern so that no match objects are made.
/** Fills the pool with the text's tokens; returns how many there are. */
function split(text: string): number {
  let count = 0;
  let last = 0;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    let end: number;
    if (isDigit(c)) {
      end = i + 1;
      while (isDigit(text.charCodeAt(end))) end++;
      upperCount = lowerCount = nonAsciiCount = 0;
    } else if (isLowerAscii(c) || isUpperAscii(c) || (c >= 128 && letterAt(text, i, false) > 0)) end = wordEnd(text, i);
    else {
      i++;
      continue;
    }
    const start = i;
    i = end;
    // Keep the dot only on initials and abbreviations; a sentence-final dot is punctuation.
    if (end - start > 3 && text.charCodeAt(end - 1) === DOT) end--;
    // A possessive belongs to the sentence, not to the name.
    if (end - start > 2 && text.charCodeAt(end - 1) === 115) {
      const mark = text.charCodeAt(end - 2);
      if (mark === APOSTROPHE || mark === RIGHT_QUOTE) {
        end -= 2;
        lowerCount--;
        if (mark === RIGHT_QUOTE) nonAsciiCount--;
      }
    }
    const bareEnd = text.charCodeAt(end - 1) === DOT ? end - 1 : end;
    const shape = nonAsciiCount === 0 ? asciiShape(text, start, bareEnd) : unicodeShape(text, start, bareEnd);
    nextToken(count++, start, end, last, shape);
    last = end;
  }
  return count;
}

/** The shape of an ASCII word, read from the letter counts of wordEnd. */
function asciiShape(text: string, start: number, bareEnd: number): number {
  const length = bareEnd - start;
  const isUpper = isUpperAscii(text.charCodeAt(start));
  return shapeBits(
    // `Anna`, `McDowell`: an upper-case letter with a lower-case one among the next two.
    isUpper && length > 1 && (isLowerAscii(text.charCodeAt(start + 1)) || (length > 2 && isLowerAscii(text.charCodeAt(start + 2)))),
    length > 1 && lowerCount === 0 && upperCount > 0,
    length === 1 && isUpper,
    upperCount === 0 ? 0 : FOLD_LOWER,
  );
}

/** The shape of a word with non-ASCII letters: case and folding by the Unicode rules. */
function unicodeShape(text: string, start: number, bareEnd: number): number {
  const bare = text.slice(start, bareEnd);
  const lower = bare.toLowerCase();
  const upperCase = bare.toUpperCase();
  const isUpper = bare.charAt(0) !== lower.charAt(0);
  return shapeBits(
    isUpper && bare.length > 1 && (bare.charAt(1) !== upperCase.charAt(1) || (bare.length > 2 && bare.charAt(2) !== upperCase.charAt(2))),
    bare.length > 1 && bare === upperCase && bare !== lower,
    bare.length === 1 && isUpper,
    FOLD_NAME,
  );
}

/** True when the gap is a plain single-line space, so the two tokens can belong to one name. */
export function joins(gap: string): boolean {
  return gap === ' ' || gap === '  ';
}

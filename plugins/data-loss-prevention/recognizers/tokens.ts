/** Word tokens with their shape, for the contextual recognizers (names, places, addresses). */
import { letterAt } from './char-class.js';
import { foldName } from './fold.js';

/** One word of the text. */
export interface Token {
  start: number;
  end: number;
  text: string;
  /** Folded form for list look-ups (no trailing dot). */
  fold: string;
  /** `Anna`, `McDowell`, `O'Neil`: an upper-case letter then a lower-case one. */
  title: boolean;
  /** `KØBENHAVN`: two or more letters, all upper case. */
  upper: boolean;
  /** `J` or `J.`: a middle initial. */
  initial: boolean;
  /** The characters between the previous token and this one. */
  gap: string;
  /** The word lists `fold` is on, -1 until first asked: see kindsOf in lexicon.ts. */
  kinds: number;
}

// The person and place recognizers run on the same text one after the other: tokenize it once.
let lastText: string | undefined;
let lastTokens: Token[] = [];

/** Splits a text into word (and number) tokens; the result is shared, do not modify it (but for `kinds`). */
export function tokenize(text: string): Token[] {
  if (text !== lastText) {
    lastTokens = split(text);
    lastText = text;
  }
  return lastTokens;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isLowerAscii = (c: number) => c >= 97 && c <= 122;
const isUpperAscii = (c: number) => c >= 65 && c <= 90;
const APOSTROPHE = 39;
const RIGHT_QUOTE = 0x2019;
const HYPHEN = 45;
const DOT = 46;

/** The end of the word that starts at `i`: `\p{L}[\p{L}\p{M}'’-]*\.?` written out. */
function wordEnd(text: string, i: number): number {
  let j = i + letterAt(text, i, false);
  for (;;) {
    const c = text.charCodeAt(j);
    if (isLowerAscii(c) || isUpperAscii(c) || c === APOSTROPHE || c === HYPHEN || c === RIGHT_QUOTE) j++;
    // Past the end `c` is NaN: neither test holds and the word ends.
    else if (c >= 128) {
      const n = letterAt(text, j, true);
      if (n === 0) break;
      j += n;
    } else break;
  }
  return text.charCodeAt(j) === DOT ? j + 1 : j;
}

// Words are `\p{L}[\p{L}\p{M}'’-]*\.?` and numbers `\d+`, found by a scan rather than a
// pattern so that no match objects are made.
function split(text: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    let end: number;
    if (isDigit(c)) {
      end = i + 1;
      while (isDigit(text.charCodeAt(end))) end++;
    } else if (letterAt(text, i, false) > 0) end = wordEnd(text, i);
    else {
      i++;
      continue;
    }
    const start = i;
    i = end;
    // Keep the dot only on initials and abbreviations; a sentence-final dot is punctuation.
    if (end - start > 3 && text.charCodeAt(end - 1) === DOT) end--;
    // A possessive belongs to the sentence, not to the name.
    if (end - start > 2 && text.charCodeAt(end - 1) === 115 && (text.charCodeAt(end - 2) === APOSTROPHE || text.charCodeAt(end - 2) === RIGHT_QUOTE)) end -= 2;
    const bareEnd = text.charCodeAt(end - 1) === DOT ? end - 1 : end;
    const word = text.slice(start, end);
    const gap = text.slice(last, start);
    tokens.push(asciiToken(text, start, end, bareEnd, word, gap) ?? unicodeToken(start, word, bareEnd === end ? word : word.slice(0, -1), gap));
    last = end;
  }
  return tokens;
}

/** The token of an ASCII word, its shape read from the character codes; undefined for other words. */
function asciiToken(text: string, start: number, end: number, bareEnd: number, word: string, gap: string): Token | undefined {
  let upper = 0;
  let lower = 0;
  for (let i = start; i < bareEnd; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) return undefined;
    if (isUpperAscii(c)) upper++;
    else if (isLowerAscii(c)) lower++;
  }
  const length = bareEnd - start;
  const isUpper = isUpperAscii(text.charCodeAt(start));
  const bare = bareEnd === end ? word : word.slice(0, -1);
  return {
    start,
    end,
    text: word,
    fold: upper === 0 ? bare : bare.toLowerCase(),
    // `Anna`, `McDowell`: an upper-case letter with a lower-case one among the next two.
    title: isUpper && length > 1 && (isLowerAscii(text.charCodeAt(start + 1)) || (length > 2 && isLowerAscii(text.charCodeAt(start + 2)))),
    upper: length > 1 && lower === 0 && upper > 0,
    initial: length === 1 && isUpper,
    gap,
    kinds: -1,
  };
}

/** The token of a word with non-ASCII letters: case and folding by the Unicode rules. */
function unicodeToken(start: number, word: string, bare: string, gap: string): Token {
  const lower = bare.toLowerCase();
  const upperCase = bare.toUpperCase();
  const isUpper = bare.charAt(0) !== lower.charAt(0);
  return {
    start,
    end: start + word.length,
    text: word,
    fold: foldName(bare),
    title: isUpper && bare.length > 1 && (bare.charAt(1) !== upperCase.charAt(1) || (bare.length > 2 && bare.charAt(2) !== upperCase.charAt(2))),
    upper: bare.length > 1 && bare === upperCase && bare !== lower,
    initial: bare.length === 1 && isUpper,
    gap,
    kinds: -1,
  };
}

/** True when the gap is a plain single-line space, so the two tokens can belong to one name. */
export function joins(gap: string): boolean {
  return gap === ' ' || gap === '  ';
}

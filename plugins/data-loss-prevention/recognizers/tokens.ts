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
function split(text: string): Token[] {
  const tokens: Token[] = [];
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
    const word = text.slice(start, end);
    const bare = bareEnd === end ? word : word.slice(0, -1);
    const gap = text.slice(last, start);
    tokens.push(nonAsciiCount === 0 ? asciiToken(text, start, end, word, bare, gap) : unicodeToken(start, word, bare, gap));
    last = end;
  }
  return tokens;
}

/** The token of an ASCII word, its shape read from the letter counts of wordEnd. */
function asciiToken(text: string, start: number, end: number, word: string, bare: string, gap: string): Token {
  const length = bare.length;
  const isUpper = isUpperAscii(text.charCodeAt(start));
  return {
    start,
    end,
    text: word,
    fold: upperCount === 0 ? bare : bare.toLowerCase(),
    // `Anna`, `McDowell`: an upper-case letter with a lower-case one among the next two.
    title: isUpper && length > 1 && (isLowerAscii(text.charCodeAt(start + 1)) || (length > 2 && isLowerAscii(text.charCodeAt(start + 2)))),
    upper: length > 1 && lowerCount === 0 && upperCount > 0,
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

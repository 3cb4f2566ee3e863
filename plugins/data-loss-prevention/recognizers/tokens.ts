/** Word tokens with their shape, for the contextual recognizers (names, places, addresses). */
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
}

const WORD = /\p{L}[\p{L}\p{M}'’-]*\.?|\d+/gu;

// The person and place recognizers run on the same text one after the other: tokenize it once.
let lastText: string | undefined;
let lastTokens: Token[] = [];

/** Splits a text into word (and number) tokens; the result is shared, do not modify it. */
export function tokenize(text: string): Token[] {
  if (text !== lastText) {
    lastTokens = split(text);
    lastText = text;
  }
  return lastTokens;
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}

function split(text: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    let word = m[0];
    const start = m.index;
    // Keep the dot only on initials and abbreviations; a sentence-final dot is punctuation.
    if (word.length > 3 && word.endsWith('.')) word = word.slice(0, -1);
    // A possessive belongs to the sentence, not to the name.
    if (word.length > 2 && (word.endsWith("'s") || word.endsWith('’s'))) word = word.slice(0, -2);
    const bare = word.endsWith('.') ? word.slice(0, -1) : word;
    const ascii = isAscii(bare);
    const lower = bare.toLowerCase();
    const upperCase = bare.toUpperCase();
    const isUpper = bare.charAt(0) !== lower.charAt(0);
    // `Anna`, `McDowell`: an upper-case letter with a lower-case one among the next two.
    const title = isUpper && bare.length > 1 && (bare.charAt(1) !== upperCase.charAt(1) || (bare.length > 2 && bare.charAt(2) !== upperCase.charAt(2)));
    tokens.push({
      start,
      end: start + word.length,
      text: word,
      // Plain ASCII needs no Unicode decomposition.
      fold: ascii ? lower : foldName(bare),
      title,
      upper: bare.length > 1 && bare === upperCase && bare !== lower,
      initial: bare.length === 1 && isUpper,
      gap: text.slice(last, start),
    });
    last = start + word.length;
  }
  return tokens;
}

/** True when the gap is a plain single-line space, so the two tokens can belong to one name. */
export function joins(gap: string): boolean {
  return gap === ' ' || gap === '  ';
}

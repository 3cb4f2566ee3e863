/**
 * The o200k_base pre-split, read by hand where the text is ASCII. The tokenizer's pattern
 * (`O200K_PATTERN`) costs a regular-expression call per piece, most of a 4 KB prompt's count;
 * on ASCII its alternatives reduce to a few runs of character classes, read here in the order
 * the expression tries them, backtracking included. Wherever a decision would read a code unit
 * beyond ASCII (a letter, digit, space or punctuation mark of another script may continue a run),
 * the piece is left to the expression: `asciiPieceEnd` answers -1.
 */

/** The o200k_base pattern this file reads (the rank file's `pat_str`; a test holds them equal). */
export const O200K_PATTERN =
  "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)?|[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)?|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";

// The class of each ASCII code unit; -1 past the end of the text, BEYOND for anything else.
const END = -1;
const BEYOND = 0;
const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
const NEWLINE = 4;
/** \s but not \r or \n. */
const SPACE = 5;
/** Neither \s nor a letter nor a digit. */
const MARK = 6;

const CLASS = new Uint8Array(128).fill(MARK);
for (let c = 65; c <= 90; c++) CLASS[c] = UPPER;
for (let c = 97; c <= 122; c++) CLASS[c] = LOWER;
for (let c = 48; c <= 57; c++) CLASS[c] = DIGIT;
for (const c of [9, 11, 12, 32]) CLASS[c] = SPACE;
CLASS[10] = NEWLINE;
CLASS[13] = NEWLINE;

function classAt(text: string, i: number): number {
  if (i >= text.length) return END;
  const c = text.charCodeAt(i);
  return c < 128 ? CLASS[c] : BEYOND;
}

const isSpace = (k: number) => k === SPACE || k === NEWLINE;

/**
 * Where the letters of alternatives 1 and 2 (`[\p{Lu}...]*[\p{Ll}...]+`, else
 * `[\p{Lu}...]+[\p{Ll}...]*`) end from `i`: -1 when neither matches, -2 when a code unit beyond
 * ASCII decides. On ASCII no upper-case letter is also lower-case, so both end after the run of
 * upper-case then lower-case letters: the first when it holds a lower-case one, the second when
 * it holds an upper-case one; either way when it is not empty.
 */
function lettersEnd(text: string, i: number): number {
  let j = i;
  let k = classAt(text, j);
  while (k === UPPER) k = classAt(text, ++j);
  while (k === LOWER) k = classAt(text, ++j);
  if (k === BEYOND) return -2;
  return j > i ? j : -1;
}

/** `('s|'S|'t|'T|'re|...|'d|'D)?` at `j`: where it ends. */
function contractionEnd(text: string, j: number): number {
  if (text.charCodeAt(j) !== 39) return j;
  const a = text.charCodeAt(j + 1) | 0x20;
  if (a === 0x73 || a === 0x74 || a === 0x6d || a === 0x64) return j + 2; // s t m d
  const b = text.charCodeAt(j + 2) | 0x20;
  if ((a === 0x72 && b === 0x65) || (a === 0x76 && b === 0x65) || (a === 0x6c && b === 0x6c)) return j + 3; // re ve ll
  return j;
}

/**
 * Where the o200k_base piece starting at `start` ends, or -1 when a code unit beyond ASCII takes
 * part in deciding it (the caller then asks the expression).
 */
export function asciiPieceEnd(text: string, start: number): number {
  const first = classAt(text, start);
  if (first === BEYOND || first === END) return -1;
  // `[^\r\n\p{L}\p{N}]?`: an optional lead-in before letters (a space, a tab, a mark).
  const lead = first === SPACE || first === MARK ? 1 : 0;
  // Alternatives 1 and 2: letters after the lead-in, then a contraction.
  const letters = lettersEnd(text, start + lead);
  if (letters === -2) return -1;
  if (letters >= 0) return contractionEnd(text, letters);
  // Alternative 3: \p{N}{1,3}.
  if (first === DIGIT) {
    let j = start + 1;
    for (; j < start + 3; j++) {
      const k = classAt(text, j);
      if (k === BEYOND) return -1;
      if (k !== DIGIT) return j;
    }
    return j;
  }
  // Alternative 4: ` ?[^\s\p{L}\p{N}]+[\r\n/]*`.
  const markFrom = text.charCodeAt(start) === 32 ? start + 1 : start;
  let k = classAt(text, markFrom);
  if (k === BEYOND) return -1;
  if (k === MARK) {
    let j = markFrom;
    while (k === MARK) k = classAt(text, ++j);
    if (k === BEYOND) return -1;
    for (let c = text.charCodeAt(j); c === 10 || c === 13 || c === 47; c = text.charCodeAt(++j));
    return j;
  }
  // What is left starts with white space: alternatives 5 to 7 read its run.
  let j = start;
  let lastNewline = -1;
  for (k = first; isSpace(k); k = classAt(text, ++j)) if (k === NEWLINE) lastNewline = j;
  if (k === BEYOND) return -1;
  // `\s*[\r\n]+`: up to the run's last line break.
  if (lastNewline >= 0) return lastNewline + 1;
  // `\s+(?!\S)`: the whole run at the end of the text, else all but its last, which then leads
  // the next piece; `\s+`: a single space before something else.
  if (k === END) return j;
  return j - start > 1 ? j - 1 : j;
}

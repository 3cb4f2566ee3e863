/**
 * Where a street-address match can begin. The address pattern is costly to try at every
 * position of a text; every shape starts a word and, but for ship names (`USNS Comfort`), reaches
 * its house or box number within a few words of the same clause. Only the word starts in reach
 * of a number, and those of `us...` words, are kept; the pattern still decides at each of them,
 * so the matches are the same as a scan over the whole text.
 */

// Characters of the words before an address's number: ASCII letters and `'.-`; any non-ASCII
// character counts too, since it may be a letter or a mark.
const isWordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 39 || c === 46 || c === 45 || c >= 128;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isAsciiAlnum = (c: number) => isDigit(c) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
// Space, tab and comma separate the words; one run of them is one gap.
const isGapChar = (c: number) => c === 32 || c === 9 || c === 44;

// The longest word-led shape (`Avenida` + four words of up to 31 letters, then the number)
// crosses five gaps and about 135 word characters; the limits keep a margin.
const MAX_GAPS = 6;
const MAX_WORD_CHARS = 160;

// A digit, or `us` that may begin a ship's prefix (`USNS`, `USS`; `ſ` folds to `s`).
const ANCHOR = /[0-9]|u[sſ]/gi;

/** True when a match may begin at `i`: the start of a word (the pattern checks non-ASCII letters before it). */
function wordStart(text: string, i: number): boolean {
  if (i > 0 && isAsciiAlnum(text.charCodeAt(i - 1))) return false;
  const c = text.charCodeAt(i);
  // A low surrogate only ends a character begun one position earlier.
  return c < 128 ? isAsciiAlnum(c) : c < 0xdc00 || c > 0xdfff;
}

/** The first position of the words that can lead up to the number at `digit`, not before `floor`. */
function reachBack(text: string, digit: number, floor: number): number {
  let gaps = 0;
  let chars = 0;
  let start = digit;
  for (let i = digit - 1; i >= floor; i--) {
    const c = text.charCodeAt(i);
    if (isGapChar(c)) {
      if (!isGapChar(text.charCodeAt(i + 1)) && ++gaps > MAX_GAPS) break;
    } else if (!isWordChar(c) || ++chars > MAX_WORD_CHARS) break;
    start = i;
  }
  return start;
}

/** Fills `out` with the positions, ascending, where an address may start. */
export function addressStarts(text: string, out: number[]): void {
  out.length = 0;
  let ships = false;
  // End of the last digit run: words before it lead up to that number, not to a later one.
  let floor = 0;
  ANCHOR.lastIndex = 0;
  while (ANCHOR.test(text)) {
    const end = ANCHOR.lastIndex;
    if (!isDigit(text.charCodeAt(end - 1))) {
      if (wordStart(text, end - 2)) ships = out.push(end - 2) > 0;
      continue;
    }
    const digit = end - 1;
    for (let i = reachBack(text, digit, floor); i <= digit; i++) if (wordStart(text, i)) out.push(i);
    // Skip the rest of the digit run.
    let j = end;
    while (j < text.length && isDigit(text.charCodeAt(j))) j++;
    floor = ANCHOR.lastIndex = j;
  }
  // Ship words came in out of order with the words before later numbers.
  if (ships) sortUnique(out);
}

function sortUnique(values: number[]): void {
  values.sort((a, b) => a - b);
  let n = 0;
  for (let i = 0; i < values.length; i++) if (i === 0 || values[i] !== values[n - 1]) values[n++] = values[i];
  values.length = n;
}

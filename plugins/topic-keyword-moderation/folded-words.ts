/**
 * Folded text split once into its words (maximal runs of letters and digits, exactly the runs
 * the phrase patterns' word boundaries delimit), so every phrase lookup walks words instead of
 * re-scanning characters. Words are kept as offsets: most are looked at once and never copied.
 */

/** A folded text and where its words are, in order. */
export interface FoldedWords {
  text: string;
  /** Offset of the first code unit of each word. */
  starts: Int32Array;
  /** Offset just past each word. */
  ends: Int32Array;
}

// Word bounds are gathered here and copied out at their final length: arrays grown word by word
// would allocate about three times as much.
let startsScratch = new Int32Array(1024);
let endsScratch = new Int32Array(1024);

const WORD_CHAR = /[\p{L}\p{N}]/u;
// Whether each BMP code unit is a letter or digit: 0 not yet known, 1 yes, 2 no.
const BMP_CLASS = new Uint8Array(0x10000);

function isWordCodeUnit(code: number): boolean {
  let known = BMP_CLASS[code];
  if (known === 0) {
    known = WORD_CHAR.test(String.fromCharCode(code)) ? 1 : 2;
    BMP_CLASS[code] = known;
  }
  return known === 1;
}

const ASCII_WORD = Uint8Array.from({ length: 0x80 }, (_, code) => (isWordCodeUnit(code) ? 1 : 0));

/** Length in code units of the word character at `i`, or 0 when it is none. */
function wordCharLength(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 0xd800 || code > 0xdbff) return isWordCodeUnit(code) ? 1 : 0;
  const point = text.codePointAt(i)!;
  if (point <= 0xffff) return 0; // a lone surrogate
  return WORD_CHAR.test(String.fromCodePoint(point)) ? 2 : 0;
}

/** Splits already-folded text into its words. */
export function splitWords(text: string): FoldedWords {
  // A word holds at least one code unit and is followed by a non-word one (or the end); one more
  // slot takes the unconditional store after the last word.
  const most = (text.length >> 1) + 2;
  if (startsScratch.length < most) {
    startsScratch = new Int32Array(most);
    endsScratch = new Int32Array(most);
  }
  const starts = startsScratch;
  const ends = endsScratch;
  let count = 0;
  let ended = 0;
  // Whether the code unit before was part of a word (1) or not (0). Every position stores its
  // offset and moves a count on only where a word starts or ends: no branch on word edges, which
  // come every few characters and which a processor cannot predict.
  let before = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let word: number;
    let width = 1;
    if (code < 0x80) word = ASCII_WORD[code];
    else {
      width = wordCharLength(text, i);
      word = width > 0 ? 1 : 0;
    }
    starts[count] = i;
    count += word & (before ^ 1);
    ends[ended] = i;
    ended += before & (word ^ 1);
    before = word;
    // An astral letter or digit takes two code units.
    if (width === 2) i++;
  }
  if (before) ends[ended++] = text.length;
  return { text, starts: starts.slice(0, count), ends: ends.slice(0, count) };
}

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

// Word edges are gathered here and copied out at their final length: arrays grown word by word
// would allocate about three times as much.
let edgesScratch = new Int32Array(2048);

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
  // Each word has two edges, its start and its end, and is followed by a non-word code unit (or
  // the end); one more slot takes the unconditional store after the last edge.
  const most = text.length + 2;
  if (edgesScratch.length < most) edgesScratch = new Int32Array(most);
  const edges = edgesScratch;
  let edge = 0;
  // Whether the code unit before was part of a word (1) or not (0). Every position stores its
  // offset and moves the count on only where a word starts or ends (where that changes): one
  // store and no branch on word edges, which come every few characters and which a processor
  // cannot predict.
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
    edges[edge] = i;
    edge += word ^ before;
    before = word;
    // An astral letter or digit takes two code units.
    if (width === 2) i++;
  }
  if (before) edges[edge++] = text.length;
  // The text starts outside a word, so edges alternate: a start, then its end.
  const count = edge >> 1;
  const starts = new Int32Array(count);
  const ends = new Int32Array(count);
  for (let w = 0; w < count; w++) {
    starts[w] = edges[2 * w];
    ends[w] = edges[2 * w + 1];
  }
  return { text, starts, ends };
}

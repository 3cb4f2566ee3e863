/**
 * The chunks of `chunkText` as ranges of a text's words, found without building a chunk or a
 * sentence string. A sentence ends at `.`, `!`, `?` or a line break followed by whitespace
 * (segment-selection.ts): those are none of them letters or digits, so every sentence end lies
 * in a gap between two words, and only the gaps are read (most are one space, where no end fits).
 */
import type { FoldedWords } from './folded-words.js';

// Whether each BMP code unit matches /\s/u: 0 not yet known, 1 yes, 2 no (no astral one does).
const SPACE_CLASS = new Uint8Array(0x10000);
const SPACE = /\s/u;

function isSpace(code: number): boolean {
  let known = SPACE_CLASS[code];
  if (known === 0) {
    known = code < 0xd800 || code > 0xdfff ? (SPACE.test(String.fromCharCode(code)) ? 1 : 2) : 2;
    SPACE_CLASS[code] = known;
  }
  return known === 1;
}

const isSentenceMark = (code: number) => code === 0x2e || code === 0x21 || code === 0x3f || code === 0x0a;

/**
 * For each chunk of `chunkText(words.text, size)`, the index just past its last word; undefined
 * when a chunk would be cut inside a sentence longer than twice the size (a cut these ranges
 * cannot name).
 */
export function chunkWordEnds(words: FoldedWords, size = 600): number[] | undefined {
  const { text, starts, ends } = words;
  const count = starts.length;
  if (text.length <= size) return [count];
  const out: number[] = [];
  // chunkText's `current`, by its length (0 for the empty string) and how many words precede its end.
  let length = 0;
  let wordsIn = 0;
  let from = 0;
  const add = (sentenceEnd: number, wordsBefore: number): boolean => {
    const sentence = sentenceEnd - from;
    if (length > 0 && length + sentence > size) {
      out.push(wordsIn);
      length = 0;
    }
    length = length > 0 ? length + 1 + sentence : sentence;
    wordsIn = wordsBefore;
    return length <= size * 2;
  };
  // The gap before word w runs from the end of word w - 1 (or the text's start) to word w's start
  // (or the text's end); sentence ends are found there as /[.!?\n]\s+/g finds them, leftmost first.
  for (let w = 0; w <= count; w++) {
    const gapEnd = w < count ? starts[w] : text.length;
    let i = w > 0 ? ends[w - 1] : 0;
    while (i + 1 < gapEnd) {
      if (isSentenceMark(text.charCodeAt(i)) && isSpace(text.charCodeAt(i + 1))) {
        if (!add(i + 1, w)) return undefined;
        i += 2;
        while (i < gapEnd && isSpace(text.charCodeAt(i))) i++;
        from = i;
      } else i++;
    }
  }
  if (!add(text.length, count)) return undefined;
  if (length > 0) out.push(wordsIn);
  return out;
}

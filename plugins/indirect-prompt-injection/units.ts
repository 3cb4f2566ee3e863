/**
 * Splits tool output into the units an injected instruction hides in: lines, and sentences
 * within long lines. Table rows and code lines stay whole; prose is cut at sentence ends. The end
 * of an HTML block (`</p>`, `</div>`, `</li>`, a heading, `<br>`) ends a line too: fetched pages
 * often arrive minified on one line, and their paragraphs are as separate as lines. Each unit is
 * trimmed of white space.
 */

/** One unit: a slice of the (folded) text. */
export interface TextUnit {
  text: string;
  /** 0 for the first unit, 1 for the last, in between for the rest. */
  position: number;
}

const SENTENCE_END = /(?<=[.!?。！？])\s+(?=\S)/gu;
/** HTML block ends, looked for only in lines with a `<`. */
const BLOCK_END = /<\/(?:p|div|li|h[1-6]|tr|blockquote|section|article)>|<br\s*\/?>/gi;
const MAX_UNITS = 400;
const MAX_UNIT_CHARS = 600;
/** Lines this long or longer are cut into sentences, unless they are table rows. */
const SENTENCE_CUT_FROM = 120;
/**
 * 1 for each code unit `trim` removes, which are those `\s` matches: white space (tab, vertical
 * tab, form feed, space, no-break space, the byte-order mark and the other space separators) and
 * line terminators.
 */
const IS_SPACE = new Uint8Array(0x10000);
for (const c of [9, 10, 11, 12, 13, 32, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff]) IS_SPACE[c] = 1;
IS_SPACE.fill(1, 0x2000, 0x200b);

/** The units of `text`, at most MAX_UNITS of them, each cut to MAX_UNIT_CHARS characters. */
export function splitUnits(text: string): TextUnit[] {
  const texts = unitTexts(text);
  const last = Math.max(1, texts.length - 1);
  return texts.map((t, i) => ({ text: t, position: i / last }));
}

/** The texts of `splitUnits(text)`, without their positions. */
export function unitTexts(text: string): string[] {
  const spans = unitSpans(text, []);
  const texts: string[] = [];
  for (let k = 0; k < spans.length; k += 2) texts.push(text.slice(spans[k], spans[k + 1]));
  return texts;
}

/**
 * Where the units of `text` begin and end, in order: a start and an end for each, into `spans`
 * (emptied first; returned). The scorer reads the units from one copy of the text by them,
 * instead of making a string per line, block and sentence.
 */
export function unitSpans(text: string, spans: number[]): number[] {
  spans.length = 0;
  // Lines end at `\n`; a `\r` before it is white space, which trimming removes. The next `<` is
  // searched for again only once a line start has passed it, so the text is read once for it.
  let lt = text.indexOf('<');
  for (let lineStart = 0; lineStart <= text.length; ) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    if (lt >= 0 && lt < lineStart) lt = text.indexOf('<', lineStart);
    if (lt >= 0 && lt < lineEnd) addBlocks(text, lineStart, lineEnd, spans);
    else addLine(text, lineStart, lineEnd, spans);
    lineStart = lineEnd + 1;
  }
  if (spans.length > 2 * MAX_UNITS) {
    // The first and last MAX_UNITS / 2 units (two numbers each), the last copied down over the
    // middle one by one.
    const half = MAX_UNITS;
    for (let k = 0; k < half; k++) spans[half + k] = spans[spans.length - half + k];
    spans.length = 2 * half;
  }
  for (let k = 0; k < spans.length; k += 2) spans[k + 1] = Math.min(spans[k + 1], spans[k] + MAX_UNIT_CHARS);
  return spans;
}

/** The units of the line `[from, to)` of `text`, which holds a `<`: each stretch between HTML block ends is a line of its own. */
function addBlocks(text: string, from: number, to: number, spans: number[]): void {
  // Searched in the line alone: `<br\s*/?>` must not reach into the next one.
  forEachPiece(text, from, to, BLOCK_END, spans, addLine);
}

/** The units of the line `[from, to)` of `text`: itself trimmed, or its sentences when it is long prose. */
function addLine(text: string, from: number, to: number, spans: number[]): void {
  const start = skipSpaces(text, from, to);
  const end = backOverSpaces(text, start, to);
  if (start === end) return;
  // Table rows and short lines are units as they are; prose is cut into sentences, searched for
  // in the trimmed line alone, so a search that finds no cut stops at its end.
  if (end - start < SENTENCE_CUT_FROM || text.charCodeAt(start) === 0x7c) spans.push(start, end);
  else forEachPiece(text, start, end, SENTENCE_END, spans, addTrimmed);
}

/** `[from, to)` of `text` trimmed, unless nothing is left. */
function addTrimmed(text: string, from: number, to: number, spans: number[]): void {
  const start = skipSpaces(text, from, to);
  const end = backOverSpaces(text, start, to);
  if (start < end) spans.push(start, end);
}

/**
 * Hands `add` each stretch of `[from, to)` of `text` between the matches of `cut` (a global
 * pattern, searched in that stretch alone), the last one after the last match included.
 */
function forEachPiece(text: string, from: number, to: number, cut: RegExp, spans: number[], add: (text: string, from: number, to: number, spans: number[]) => void): void {
  const stretch = text.slice(from, to);
  let start = 0;
  cut.lastIndex = 0;
  for (let m = cut.exec(stretch); m !== null; m = cut.exec(stretch)) {
    add(text, from + start, from + m.index, spans);
    start = cut.lastIndex;
  }
  add(text, from + start, to, spans);
}

/** The first position of `[from, to)` of `text` that is no white space (`to` if none). */
function skipSpaces(text: string, from: number, to: number): number {
  while (from < to && IS_SPACE[text.charCodeAt(from)] === 1) from++;
  return from;
}

/** The end of `[from, to)` of `text` without its trailing white space. */
function backOverSpaces(text: string, from: number, to: number): number {
  while (to > from && IS_SPACE[text.charCodeAt(to - 1)] === 1) to--;
  return to;
}

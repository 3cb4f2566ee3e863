/**
 * Splits tool output into the units an injected instruction hides in: lines, and sentences
 * within long lines. Table rows and code lines stay whole; prose is cut at sentence ends. The end
 * of an HTML block (`</p>`, `</div>`, `</li>`, a heading, `<br>`) ends a line too: fetched pages
 * often arrive minified on one line, and their paragraphs are as separate as lines.
 */

/** One unit: a slice of the (folded) text. */
export interface TextUnit {
  text: string;
  /** 0 for the first unit, 1 for the last, in between for the rest. */
  position: number;
}

const SENTENCE_END = /(?<=[.!?。！？])\s+(?=\S)/u;
/** HTML block ends, looked for only in lines with a `<`. */
const BLOCK_END = /<\/(?:p|div|li|h[1-6]|tr|blockquote|section|article)>|<br\s*\/?>/i;
const MAX_UNITS = 400;
const MAX_UNIT_CHARS = 600;

/** The units of `text`, at most MAX_UNITS of them, each cut to MAX_UNIT_CHARS characters. */
export function splitUnits(text: string): TextUnit[] {
  const texts = unitTexts(text);
  const last = Math.max(1, texts.length - 1);
  return texts.map((t, i) => ({ text: t, position: i / last }));
}

/** The texts of `splitUnits(text)`, without their positions (what the scorer reads). */
export function unitTexts(text: string): string[] {
  const pieces: string[] = [];
  // Lines end at `\n`; a `\r` before it is white space, which addLine trims.
  for (const line of text.split('\n')) {
    if (line.includes('<') && BLOCK_END.test(line)) {
      for (const block of line.split(BLOCK_END)) addLine(block, pieces);
    } else addLine(line, pieces);
  }
  const kept = pieces.length > MAX_UNITS ? [...pieces.slice(0, MAX_UNITS / 2), ...pieces.slice(-MAX_UNITS / 2)] : pieces;
  for (let i = 0; i < kept.length; i++) if (kept[i].length > MAX_UNIT_CHARS) kept[i] = kept[i].slice(0, MAX_UNIT_CHARS);
  return kept;
}

/** The units of one line: itself, or its sentences when it is long prose. */
function addLine(line: string, pieces: string[]): void {
  const trimmed = line.trim();
  if (!trimmed) return;
  // Table rows and short lines are units as they are; prose is cut into sentences.
  if (trimmed.length < 120 || trimmed.startsWith('|')) pieces.push(trimmed);
  else for (const s of trimmed.split(SENTENCE_END)) if (s.trim()) pieces.push(s.trim());
}

/**
 * Surface statistics of a text that betray machine-made jailbreaks: optimiser suffixes (GCG,
 * random search) full of brackets, code fragments and words glued together, fake dialogues
 * (many-shot), and imperative density. Computed on the visible text before lower-casing.
 */
import { CodeUnits } from './chars.js';
import { letterCounts, TAIL_WORDS, wordCounts, type WordIndex } from './words.js';
import { symbolRuns, type SymbolRunIndex } from './symbol-runs.js';
import type { LineStarts } from './line-starts.js';

/** Statistics, each scaled to roughly 0..3 so one learning rate suits them all. */
export interface SurfaceStats {
  /** log1p of dialogue turns written as `User:` / `Assistant:` / `Q:` / `A:` lines. */
  dialogueTurns: number;
  /** Share of symbol characters in the last 160 characters. */
  tailSymbols: number;
  /** Share of words with a case change or digit inside (`IterreateAlpha`, `textitspanifying6`). */
  oddWords: number;
  /** Share of odd words among the last 24 words. */
  tailOddWords: number;
  /** Symbol pairs like `({`, `](`, `"]` per 100 characters. */
  symbolRuns: number;
  /** log of the length in characters, divided by 8. */
  length: number;
  /** Share of words that are "you"/"your". */
  secondPerson: number;
  /** 1 when the text is one short question. */
  shortQuestion: number;
  /** Share of upper-case letters. */
  upper: number;
  /** Number of words (not a feature: used to scale others). */
  words: number;
}

// Sticky: tried at line starts (countTurns), where `^` matches in multi-line mode.
const TURN = /^[ \t>#*-]*(?:user|human|assistant|ai|bot|chatbot|q|a|question|answer|system|customer|agent|model|gpt|claude|me|you)\s*\d*\s*[:：]/imy;
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/g;
const SYMBOL = /[\[\]{}()<>|\\^~`=_*#@$%&+;]/;
// SYMBOL by character code (every SYMBOL character is ASCII).
const IS_SYMBOL = new Uint8Array(128);
for (let c = 0; c < 128; c++) IS_SYMBOL[c] = SYMBOL.test(String.fromCharCode(c)) ? 1 : 0;
const textUnits = new CodeUnits();

/**
 * TURN's matches in `text`, counting up to `max`. TURN begins with `^`, so it is tried at line
 * starts only, each at or after the end of the last match, as a global scan finds them. A window's
 * line starts are read from its whole text's `lines`.
 */
function countTurns(text: string, max: number, window?: SurfaceWindow): number {
  turnCount = 0;
  turnEnd = 0;
  // Every turn ends with a colon: a text without one (most lines and sentences) has none.
  if (text.indexOf(':') < 0 && text.indexOf('：') < 0) return 0;
  tryTurn(text, 0);
  if (window) {
    const { starts } = window.lines;
    const last = window.start + text.length;
    for (let k = window.lines.firstAfter(window.start); k < starts.length && starts[k] <= last && turnCount < max; k++) tryTurn(text, starts[k] - window.start);
    return turnCount;
  }
  // test() leaves LINE_TERMINATOR's lastIndex at the next line start.
  LINE_TERMINATOR.lastIndex = 0;
  while (turnCount < max && LINE_TERMINATOR.test(text)) tryTurn(text, LINE_TERMINATOR.lastIndex);
  return turnCount;
}

// countTurns' matches so far and where the last one ended.
let turnCount = 0;
let turnEnd = 0;

/** Tries TURN at line start `p`, unless the last match reached past it. */
function tryTurn(text: string, p: number): void {
  if (p < turnEnd) return;
  TURN.lastIndex = p;
  if (TURN.test(text)) {
    turnCount++;
    turnEnd = TURN.lastIndex;
  }
}

/** Where a window's word statistics, symbol runs and line starts are read from: the indexes of the whole text and the window's start in it. */
export interface SurfaceWindow {
  words: WordIndex;
  runs: SymbolRunIndex;
  lines: LineStarts;
  start: number;
}

/**
 * Computes the surface statistics of `text` (a window of a longer text's when `window` is given);
 * `codeUnits`, when the caller has them, are the text's code units (at least `text.length`).
 */
export function surfaceStats(text: string, window?: SurfaceWindow, codeUnits?: Uint16Array): SurfaceStats {
  const turns = countTurns(text, 200, window);
  const n = text.length;
  const units = codeUnits ?? textUnits.of(text);

  // The last 160 characters.
  const tailLength = Math.min(n, 160);
  let symbols = 0;
  for (let i = n - tailLength; i < n; i++) {
    const c = units[i];
    if (c < 128 && IS_SYMBOL[c]) symbols++;
  }

  // The words' scan counts the ASCII letters too; a window reading its words from the whole text counts its own.
  const { words, odd, you, tailOdd, letters, upper } = window
    ? { ...window.words.read(window.start, window.start + n), ...letterCounts(units, n) }
    : wordCounts(units, n, text);
  const tailWords = Math.min(words, TAIL_WORDS);

  const runs = window ? window.runs.read(window.start, window.start + n) : symbolRuns(text);
  const trimmed = text.trim();
  return {
    dialogueTurns: Math.log1p(turns),
    tailSymbols: tailLength ? (3 * symbols) / tailLength : 0,
    oddWords: words ? Math.min(3, (10 * odd) / words) : 0,
    tailOddWords: tailWords ? (3 * tailOdd) / tailWords : 0,
    symbolRuns: Math.min(3, (100 * runs) / Math.max(text.length, 50)),
    length: Math.log1p(text.length) / 8,
    secondPerson: words ? Math.min(3, (10 * you) / words) : 0,
    shortQuestion: trimmed.length < 200 && trimmed.endsWith('?') && !trimmed.includes('\n') ? 1 : 0,
    upper: letters ? Math.min(3, (3 * upper) / letters) : 0,
    words,
  };
}

/** The statistics in a fixed order, for the model's dense features. */
export const SURFACE_KEYS: ReadonlyArray<Exclude<keyof SurfaceStats, 'words'>> = [
  'dialogueTurns', 'tailSymbols', 'oddWords', 'tailOddWords', 'symbolRuns', 'length', 'secondPerson', 'shortQuestion', 'upper',
];

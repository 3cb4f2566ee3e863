/**
 * Surface statistics of a text that betray machine-made jailbreaks: optimiser suffixes (GCG,
 * random search) full of brackets, code fragments and words glued together, fake dialogues
 * (many-shot), and imperative density. Computed on the visible text before lower-casing.
 */

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

const TURN = /^[ \t>#*-]*(?:user|human|assistant|ai|bot|chatbot|q|a|question|answer|system|customer|agent|model|gpt|claude|me|you)\s*\d*\s*[:：]/gim;
const WORDS = /[\p{L}\p{N}']+/gu;
const ODD_WORD = /^(?:\p{Ll}+\p{Lu}|\p{Lu}{2,}\p{Ll}{2,}|\p{L}+\d+\p{L}*$|\d+\p{L}{3,})/u;
const SYMBOL = /[\[\]{}()<>|\\^~`=_*#@$%&+;]/;
const SYMBOL_PAIR = /[\[\]{}()<>|\\^~`="'.,;:!?*#@$%&+\-]{2,}/g;
const YOU = /^(?:you|your|yours|yourself|you're|you'll|you've)$/i;

/** Computes the surface statistics of `text`. */
export function surfaceStats(text: string): SurfaceStats {
  let turns = 0;
  TURN.lastIndex = 0;
  while (turns < 200 && TURN.exec(text) !== null) turns++;

  const tail = text.length > 160 ? text.slice(-160) : text;
  let symbols = 0;
  for (let i = 0; i < tail.length; i++) if (SYMBOL.test(tail[i])) symbols++;

  let words = 0;
  let odd = 0;
  let you = 0;
  const recentOdd: boolean[] = [];
  for (const m of text.matchAll(WORDS)) {
    words++;
    const isOdd = m[0].length >= 4 && ODD_WORD.test(m[0]);
    if (isOdd) odd++;
    if (YOU.test(m[0])) you++;
    recentOdd.push(isOdd);
    if (recentOdd.length > 24) recentOdd.shift();
  }
  let tailOdd = 0;
  for (const o of recentOdd) if (o) tailOdd++;

  let runs = 0;
  SYMBOL_PAIR.lastIndex = 0;
  for (const m of text.matchAll(SYMBOL_PAIR)) {
    // Ordinary punctuation endings (".", "?!", "...", ").") are not odd.
    if (!/^(?:\.{2,}|[.?!]+["')]?|["')][.,;:?!]|\)\.|\.\)|,"|\.")$/.test(m[0])) runs++;
  }
  let upper = 0;
  let letters = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) {
      upper++;
      letters++;
    } else if (c >= 97 && c <= 122) letters++;
  }
  const trimmed = text.trim();
  return {
    dialogueTurns: Math.log1p(turns),
    tailSymbols: tail.length ? (3 * symbols) / tail.length : 0,
    oddWords: words ? Math.min(3, (10 * odd) / words) : 0,
    tailOddWords: recentOdd.length ? (3 * tailOdd) / recentOdd.length : 0,
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

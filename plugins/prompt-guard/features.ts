/**
 * The feature vector of one text view: dense hand-built features (phrase families, surface
 * statistics, hiding tricks) followed by hashed word unigrams, bigrams and character 4-grams.
 * Features are streamed to a sink, so scoring adds weights on the fly and allocates no vector.
 */
import { FAMILIES, countFamilies, type AnchorWindow } from './patterns.js';
import { surfaceStats, SURFACE_KEYS, type SurfaceStats } from './surface.js';
import { SEEDS, combine } from './hashing.js';
import { classOf, CodeUnits, LETTER, NUMBER, unitPointAt, widthOf } from './chars.js';

/** How a view was obtained from the original text. */
export interface ViewFlags {
  tagChars: number;
  invisibleInWords: number;
  homoglyphWords: number;
  spacedRuns: number;
  leetWords: number;
  /** 1 when the view is a decoded payload (base64, hex, ROT13, ...). */
  encoded: number;
}

/** Names of the dense features, in index order (also the layout of the weights file). */
export const DENSE_NAMES: readonly string[] = [
  ...FAMILIES.map((f) => `family:${f}`),
  ...SURFACE_KEYS.map((k) => `surface:${k}`),
  'hidden:tags',
  'hidden:invisible',
  'hidden:homoglyph',
  'obfuscation:spaced',
  'obfuscation:leet',
  'obfuscation:encoded',
  'mix:roleplay_harm',
  'mix:persuasion_harm',
  'mix:harm_density',
];
export const DENSE_COUNT = DENSE_NAMES.length;

/** Receives one feature: an index into the weight vector and its value. */
export type FeatureSink = (index: number, value: number) => void;

/**
 * The character 4-gram weights of a longer text this view is a slice of (an ASCII text and its
 * windows): the view's grams are `weights[start..]`, added by `sinkEach` instead of being hashed
 * and looked up again.
 */
export interface GramRun {
  weights: Float64Array;
  start: number;
  sinkEach(weights: Float64Array, from: number, to: number, scale: number): void;
}

const gramUnits = new CodeUnits();

/** The weight of each character 4-gram of `folded` (non-CJK text), by its start. */
export function gramWeights(folded: string, hashBits: number, weightOf: (index: number) => number, hashBase = DENSE_COUNT): Float64Array {
  const mask = (1 << hashBits) - 1;
  const grams = Math.max(0, folded.length - 3);
  const out = new Float64Array(grams);
  const units = gramUnits.of(folded);
  for (let s = 0; s < grams; s++) out[s] = weightOf(hashBase + (hashUnits(units, s, 4, SEEDS.char) & mask));
  return out;
}

const HARM = FAMILIES.indexOf('harmful_topic');
const ROLEPLAY = FAMILIES.indexOf('roleplay_framing');
const PERSUASION = FAMILIES.indexOf('persuasion');
// Word tokens: letters and digits, and an apostrophe with the letters after it (tokenHashes).
const TOKEN = /[\p{L}\p{N}]+(?:'[\p{L}]+)?|[!?<>\[\]{}|#*:=$]/u;
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/** Families matched in the view, for naming categories; reused between calls. */
export class FeatureScratch {
  readonly families = new Float64Array(FAMILIES.length);
  /** The surface statistics of the last view. */
  stats: SurfaceStats | undefined;
  /** Token hashes of the last view (grown as needed). */
  tokens = new Uint32Array(1024);
  /** Code units of the last view. */
  readonly units = new CodeUnits();
}

const FNV_PRIME = 0x01000193;
// TOKEN's characters in ASCII: [\p{L}\p{N}] is [A-Za-z0-9] there; symbols are its last class.
const ASCII_WORD = new Uint8Array(128);
const ASCII_SYMBOL = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  ASCII_WORD[c] = /[A-Za-z0-9]/.test(ch) ? 1 : 0;
  ASCII_SYMBOL[c] = !ASCII_WORD[c] && TOKEN.test(ch) ? 1 : 0;
}
const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Whether code point `cp` is a letter or digit (`[\p{L}\p{N}]`). */
const isAlnum = (cp: number): boolean => (cp < 128 ? ASCII_WORD[cp] === 1 : (classOf(cp) & (LETTER | NUMBER)) !== 0);
/** Whether code point `cp` is a letter (`\p{L}`). */
const isLetter = (cp: number): boolean => (cp < 128 ? isAsciiLetter(cp) : (classOf(cp) & LETTER) !== 0);

/**
 * Hashes the tokens of a text (TOKEN's matches, `hashString(token, SEEDS.word)` each), given as
 * its `n` code `units`, into `scratch.tokens`; returns how many. The text is read code point by
 * code point as TOKEN reads it, and each token's code units are hashed as they are passed.
 */
function tokenHashes(units: Uint16Array, n: number, scratch: FeatureScratch): number {
  if (scratch.tokens.length < n) scratch.tokens = new Uint32Array(n * 2);
  const out = scratch.tokens;
  let count = 0;
  const seed = SEEDS.word >>> 0;
  for (let i = 0; i < n; ) {
    let cp = unitPointAt(units, i, n);
    if (!isAlnum(cp)) {
      if (cp < 128 && ASCII_SYMBOL[cp]) out[count++] = Math.imul(seed ^ cp, FNV_PRIME) >>> 0;
      i += widthOf(cp);
      continue;
    }
    let h = seed;
    do {
      for (const end = i + widthOf(cp); i < end; i++) h = Math.imul(h ^ units[i], FNV_PRIME);
      cp = i < n ? unitPointAt(units, i, n) : -1;
    } while (cp >= 0 && isAlnum(cp));
    // An apostrophe and letters continue the token (`don't`).
    if (cp === 39 && i + 1 < n && isLetter(unitPointAt(units, i + 1, n))) {
      h = Math.imul(h ^ 39, FNV_PRIME);
      cp = unitPointAt(units, ++i, n);
      do {
        for (const end = i + widthOf(cp); i < end; i++) h = Math.imul(h ^ units[i], FNV_PRIME);
        cp = i < n ? unitPointAt(units, i, n) : -1;
      } while (cp >= 0 && isLetter(cp));
    }
    out[count++] = h >>> 0;
  }
  return count;
}

/** FNV-1a of the `length` code units from `start` (hashRange over code units). */
function hashUnits(units: Uint16Array, start: number, length: number, seed: number): number {
  let h = seed >>> 0;
  for (let i = start, end = start + length; i < end; i++) h = Math.imul(h ^ units[i], FNV_PRIME);
  return h >>> 0;
}

/**
 * Streams the features of one view. `folded` is the folded text (normalize.ts), `visible` the
 * text as shown (case kept) for the surface statistics, `hashBits` the size of the hashed space,
 * `hashBase` the index of the first hashed weight (after every dense feature of the model).
 */
export function emitFeatures(
  folded: string,
  visible: string,
  flags: ViewFlags,
  hashBits: number,
  sink: FeatureSink,
  scratch: FeatureScratch,
  hashBase = DENSE_COUNT,
  gramRun?: GramRun,
  anchors?: AnchorWindow,
): void {
  countFamilies(folded, scratch.families, 8, anchors);
  let i = 0;
  for (; i < FAMILIES.length; i++) if (scratch.families[i] > 0) sink(i, Math.log1p(scratch.families[i]));
  const stats = surfaceStats(visible);
  scratch.stats = stats;
  for (const key of SURFACE_KEYS) {
    const v = stats[key];
    if (v !== 0) sink(i, v);
    i++;
  }
  const hidden = [
    flags.tagChars > 0 ? 1 : 0,
    Math.log1p(flags.invisibleInWords),
    Math.log1p(flags.homoglyphWords),
    Math.log1p(flags.spacedRuns),
    Math.log1p(flags.leetWords),
    flags.encoded,
  ];
  for (const v of hidden) {
    if (v !== 0) sink(i, v);
    i++;
  }
  // A framing or persuasion device is only suspicious together with a harmful request.
  const f = scratch.families;
  const harm = Math.log1p(f[HARM]);
  const mixes = [
    Math.min(Math.log1p(f[ROLEPLAY]), harm),
    Math.min(Math.log1p(f[PERSUASION]), harm),
    Math.min(3, (50 * f[HARM]) / (stats.words + 20)),
  ];
  for (const v of mixes) {
    if (v !== 0) sink(i, v);
    i++;
  }

  const mask = (1 << hashBits) - 1;
  const base = hashBase;
  // Word unigrams and bigrams, scaled so long texts do not dominate by length alone. The tokens
  // are hashed in one pass, then emitted once their number (the scale) is known.
  const units = scratch.units.of(folded);
  const count = tokenHashes(units, folded.length, scratch);
  const tokens = scratch.tokens;
  const wordScale = 1 / Math.sqrt(count + 1);
  let prev = 0;
  for (let t = 0; t < count; t++) {
    const h = tokens[t];
    sink(base + (h & mask), wordScale);
    if (prev !== 0) sink(base + (combine(prev, h) & mask), wordScale);
    prev = h;
  }
  // Character 4-grams (bigrams for CJK text, which has no spaces to split words on).
  const n = CJK.test(folded) ? 2 : 4;
  const grams = Math.max(0, folded.length - n + 1);
  const charScale = 1 / Math.sqrt(grams + 1);
  if (gramRun && n === 4) {
    gramRun.sinkEach(gramRun.weights, gramRun.start, gramRun.start + grams, charScale);
    return;
  }
  for (let s = 0; s < grams; s++) sink(base + (hashUnits(units, s, n, SEEDS.char) & mask), charScale);
}

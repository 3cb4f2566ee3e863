/**
 * The feature vector of one text view: dense hand-built features (phrase families, surface
 * statistics, hiding tricks) followed by hashed word unigrams, bigrams and character 4-grams.
 * Features are streamed to a sink, so scoring adds weights on the fly and allocates no vector.
 */
import { FAMILIES, countFamilies } from './patterns.js';
import { surfaceStats, SURFACE_KEYS, type SurfaceStats } from './surface.js';
import { isAscii } from './normalize.js';
import { SEEDS, combine, hashRange, hashString } from './hashing.js';

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

/** The weight of each character 4-gram of `folded` (non-CJK text), by its start. */
export function gramWeights(folded: string, hashBits: number, weightOf: (index: number) => number, hashBase = DENSE_COUNT): Float64Array {
  const mask = (1 << hashBits) - 1;
  const grams = Math.max(0, folded.length - 3);
  const out = new Float64Array(grams);
  for (let s = 0; s < grams; s++) out[s] = weightOf(hashBase + (hashRange(folded, s, s + 4, SEEDS.char) & mask));
  return out;
}

const HARM = FAMILIES.indexOf('harmful_topic');
const ROLEPLAY = FAMILIES.indexOf('roleplay_framing');
const PERSUASION = FAMILIES.indexOf('persuasion');
const TOKEN = /[\p{L}\p{N}]+(?:'[\p{L}]+)?|[!?<>\[\]{}|#*:=$]/gu;
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/** Families matched in the view, for naming categories; reused between calls. */
export class FeatureScratch {
  readonly families = new Float64Array(FAMILIES.length);
  /** The surface statistics of the last view. */
  stats: SurfaceStats | undefined;
  /** Token hashes of the last view (grown as needed). */
  tokens = new Uint32Array(1024);
}

const FNV_PRIME = 0x01000193;
// Token characters of ASCII text: [\p{L}\p{N}] is [A-Za-z0-9] there; symbols are TOKEN's last class.
const ASCII_WORD = new Uint8Array(128);
const ASCII_SYMBOL = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  ASCII_WORD[c] = /[A-Za-z0-9]/.test(ch) ? 1 : 0;
  ASCII_SYMBOL[c] = /[!?<>\[\]{}|#*:=$]/.test(ch) ? 1 : 0;
}
const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * Hashes the tokens of `folded` (TOKEN's matches, `hashString(token, SEEDS.word)` each) into
 * `scratch.tokens`; returns how many. ASCII text is tokenized by a loop equivalent to TOKEN.
 */
function tokenHashes(folded: string, ascii: boolean, scratch: FeatureScratch): number {
  if (scratch.tokens.length < folded.length) scratch.tokens = new Uint32Array(folded.length * 2);
  const out = scratch.tokens;
  let count = 0;
  if (!ascii) {
    TOKEN.lastIndex = 0;
    for (const m of folded.matchAll(TOKEN)) out[count++] = hashString(m[0], SEEDS.word);
    return count;
  }
  const n = folded.length;
  const seed = SEEDS.word >>> 0;
  for (let i = 0; i < n; ) {
    let c = folded.charCodeAt(i);
    if (ASCII_WORD[c]) {
      let h = seed;
      do {
        h ^= c;
        h = Math.imul(h, FNV_PRIME);
        c = ++i < n ? folded.charCodeAt(i) : -1;
      } while (c >= 0 && ASCII_WORD[c]);
      // An apostrophe and letters continue the token (`don't`).
      if (c === 39 && i + 1 < n && isAsciiLetter(folded.charCodeAt(i + 1))) {
        do {
          h ^= c;
          h = Math.imul(h, FNV_PRIME);
          c = ++i < n ? folded.charCodeAt(i) : -1;
        } while (c >= 0 && isAsciiLetter(c));
      }
      out[count++] = h >>> 0;
    } else {
      if (ASCII_SYMBOL[c]) out[count++] = Math.imul(seed ^ c, FNV_PRIME) >>> 0;
      i++;
    }
  }
  return count;
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
): void {
  countFamilies(folded, scratch.families);
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
  const ascii = isAscii(folded);
  const count = tokenHashes(folded, ascii, scratch);
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
  const n = !ascii && CJK.test(folded) ? 2 : 4;
  const grams = Math.max(0, folded.length - n + 1);
  const charScale = 1 / Math.sqrt(grams + 1);
  if (gramRun && n === 4) {
    gramRun.sinkEach(gramRun.weights, gramRun.start, gramRun.start + grams, charScale);
    return;
  }
  for (let s = 0; s < grams; s++) {
    const h = hashRange(folded, s, s + n, SEEDS.char);
    sink(base + (h & mask), charScale);
  }
}

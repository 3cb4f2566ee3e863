/**
 * The feature vector of one text view: dense hand-built features (phrase families, surface
 * statistics, hiding tricks) followed by hashed word unigrams, bigrams and character 4-grams.
 * Features are streamed to a sink, so scoring adds weights on the fly and allocates no vector.
 */
import { FAMILIES, countFamilies, type AnchorWindow } from './patterns.js';
import { surfaceStats, SURFACE_KEYS, type SurfaceStats, type SurfaceWindow } from './surface.js';
import { FNV_PRIME, SEEDS, combine, hashUnits } from './hashing.js';
import { CodeUnits } from './chars.js';
import { tokenHashes, type TokenIndex } from './tokens.js';

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
  'mix:priming_harm',
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
const CHAR_SEED = SEEDS.char | 0;

/** FNV-1a of one character 4-gram's code units (as hashUnits with SEEDS.char, as a signed 32-bit number). */
function charGramHash(a: number, b: number, c: number, d: number): number {
  return Math.imul(Math.imul(Math.imul(Math.imul(CHAR_SEED ^ a, FNV_PRIME) ^ b, FNV_PRIME) ^ c, FNV_PRIME) ^ d, FNV_PRIME);
}

/** `buffer` when it holds at least `n` entries, else a longer one: a buffer reused between texts. */
export function atLeast(buffer: Float64Array, n: number): Float64Array {
  return buffer.length >= n ? buffer : new Float64Array(Math.max(n, 2 * buffer.length));
}

/** The weight of each character 4-gram of `folded` (non-CJK text), by its start, into `out` (at least that many long). */
export function gramWeights(folded: string, hashBits: number, weightOf: (index: number) => number, out: Float64Array, hashBase = DENSE_COUNT): Float64Array {
  const mask = (1 << hashBits) - 1;
  const grams = Math.max(0, folded.length - 3);
  if (grams === 0) return out;
  // FNV-1a of each gram's four code units, as hashUnits gives, read straight from the text: the
  // units slide through locals, with no copy of the text and no call per gram.
  let a = folded.charCodeAt(0);
  let b = folded.charCodeAt(1);
  let c = folded.charCodeAt(2);
  for (let s = 0; s < grams; s++) {
    const d = folded.charCodeAt(s + 3);
    out[s] = weightOf(hashBase + (charGramHash(a, b, c, d) & mask));
    a = b;
    b = c;
    c = d;
  }
  return out;
}

const likeUnits = new CodeUnits();

/**
 * gramWeights of `folded` into `out`, given those of `like`, a text of the same length (a text
 * and its view with leetspeak read as letters): only the grams over a code unit that differs are
 * looked up.
 */
export function gramWeightsLike(like: string, likeWeights: Float64Array, folded: string, hashBits: number, weightOf: (index: number) => number, out: Float64Array, hashBase = DENSE_COUNT): Float64Array {
  const mask = (1 << hashBits) - 1;
  const grams = Math.max(0, folded.length - 3);
  out.set(likeWeights.subarray(0, grams));
  const units = gramUnits.of(folded);
  const before = likeUnits.of(like);
  let next = 0;
  for (let i = 0; i < folded.length; i++) {
    if (units[i] === before[i]) continue;
    // The grams from i - 3 to i hold code unit i; those up to `next` are looked up already.
    for (let s = Math.max(next, i - 3); s <= i && s < grams; s++) out[s] = weightOf(hashBase + (hashUnits(units, s, 4, SEEDS.char) & mask));
    next = i + 1;
  }
  return out;
}

const HARM = FAMILIES.indexOf('harmful_topic');
const ROLEPLAY = FAMILIES.indexOf('roleplay_framing');
const PERSUASION = FAMILIES.indexOf('persuasion');
const PRIMING = FAMILIES.indexOf('response_priming');
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/** Families matched in the view, for naming categories; reused between calls. */
export class FeatureScratch {
  readonly families = new Float64Array(FAMILIES.length);
  /** The surface statistics of the last view. */
  stats: SurfaceStats | undefined;
  /** Token hashes of the last view (grown as needed). */
  tokens = new Uint32Array(1024);
  /** How many of `tokens` belong to the last view. */
  tokenCount = 0;
  /** Code units of the last view. */
  readonly units = new CodeUnits();
}

/** Where a window's tokens are read from: the index of the whole text and the window's start in it. */
export interface TokenWindow {
  index: TokenIndex;
  start: number;
}

/**
 * What a view that is a slice of a longer text (a window, or the whole text itself) reads from
 * that text's one pass instead of computing again; each part is optional.
 */
export interface SharedWithWhole {
  /** Character 4-gram weights, when the folding is a slice of the whole text's. */
  grams?: GramRun;
  /** Pattern anchors, likewise. */
  anchors?: AnchorWindow;
  /** Word tokens, likewise. */
  tokens?: TokenWindow;
  /** Word statistics and symbol runs of the visible text (always a slice of the whole text). */
  surface?: SurfaceWindow;
}

// emitFeatures streams the surface statistics by name, in this order.
if (SURFACE_KEYS.join() !== 'dialogueTurns,tailSymbols,oddWords,tailOddWords,symbolRuns,length,secondPerson,shortQuestion,upper') {
  throw new Error('prompt-features: SURFACE_KEYS changed; emitFeatures streams them in the old order');
}

/** Sends feature `index` to `sink` unless its value is 0 (a sparse feature vector). */
function emitNonZero(sink: FeatureSink, index: number, value: number): void {
  if (value !== 0) sink(index, value);
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
  shared?: SharedWithWhole,
): void {
  const gramRun = shared?.grams;
  const anchors = shared?.anchors;
  const tokenWindow = shared?.tokens;
  const surface = shared?.surface;
  countFamilies(folded, scratch.families, 8, anchors);
  let i = 0;
  for (; i < FAMILIES.length; i++) if (scratch.families[i] > 0) sink(i, Math.log1p(scratch.families[i]));
  // The folded text's code units, read once: the surface statistics read them too when the view
  // is shown as folded (a decoded or de-obfuscated view, a unit of tool output).
  const units = scratch.units.of(folded);
  const stats = surfaceStats(visible, surface, visible === folded ? units : undefined);
  scratch.stats = stats;
  // In SURFACE_KEYS order, each read by name: a loop reading `stats[key]` made nine keyed look-ups
  // a view, each of which V8 answers by a dictionary search (the site sees every key).
  emitNonZero(sink, i++, stats.dialogueTurns);
  emitNonZero(sink, i++, stats.tailSymbols);
  emitNonZero(sink, i++, stats.oddWords);
  emitNonZero(sink, i++, stats.tailOddWords);
  emitNonZero(sink, i++, stats.symbolRuns);
  emitNonZero(sink, i++, stats.length);
  emitNonZero(sink, i++, stats.secondPerson);
  emitNonZero(sink, i++, stats.shortQuestion);
  emitNonZero(sink, i++, stats.upper);
  // The hiding tricks and the mixes go to the sink one by one, in index order: no array per view.
  emitNonZero(sink, i++, flags.tagChars > 0 ? 1 : 0);
  emitNonZero(sink, i++, Math.log1p(flags.invisibleInWords));
  emitNonZero(sink, i++, Math.log1p(flags.homoglyphWords));
  emitNonZero(sink, i++, Math.log1p(flags.spacedRuns));
  emitNonZero(sink, i++, Math.log1p(flags.leetWords));
  emitNonZero(sink, i++, flags.encoded);
  // A framing or persuasion device is only suspicious together with a harmful request.
  const f = scratch.families;
  const harm = Math.log1p(f[HARM]);
  emitNonZero(sink, i++, Math.min(Math.log1p(f[ROLEPLAY]), harm));
  emitNonZero(sink, i++, Math.min(Math.log1p(f[PERSUASION]), harm));
  emitNonZero(sink, i++, Math.min(3, (50 * f[HARM]) / (stats.words + 20)));
  // A transcript whose assistant already agreed, or a forced reply, around a harmful request.
  emitNonZero(sink, i++, Math.min(Math.log1p(f[PRIMING]), harm));

  const mask = (1 << hashBits) - 1;
  const base = hashBase;
  // Word unigrams and bigrams, scaled so long texts do not dominate by length alone. The tokens
  // are hashed in one pass, then emitted once their number (the scale) is known.
  if (scratch.tokens.length < folded.length) scratch.tokens = new Uint32Array(folded.length * 2);
  const tokens = scratch.tokens;
  const count = tokenWindow
    ? tokenWindow.index.read(tokenWindow.start, tokenWindow.start + folded.length, tokens)
    : tokenHashes(units, folded.length, tokens);
  scratch.tokenCount = count;
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
  if (n === 4 && grams > 0) {
    // The 4-grams read straight from the code units, sliding through locals (see gramWeights).
    let a = units[0];
    let b = units[1];
    let c = units[2];
    for (let s = 0; s < grams; s++) {
      const d = units[s + 3];
      sink(base + (charGramHash(a, b, c, d) & mask), charScale);
      a = b;
      b = c;
      c = d;
    }
    return;
  }
  for (let s = 0; s < grams; s++) sink(base + (hashUnits(units, s, n, SEEDS.char) & mask), charScale);
}

/**
 * The feature vector of one text view: dense hand-built features (phrase families, surface
 * statistics, hiding tricks) followed by hashed word unigrams, bigrams and character 4-grams.
 * Features are streamed to a sink, so scoring adds weights on the fly and allocates no vector.
 */
import { FAMILIES, countFamilies } from './patterns.js';
import { surfaceStats, SURFACE_KEYS } from './surface.js';
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

const HARM = FAMILIES.indexOf('harmful_topic');
const ROLEPLAY = FAMILIES.indexOf('roleplay_framing');
const PERSUASION = FAMILIES.indexOf('persuasion');
const TOKEN = /[\p{L}\p{N}]+(?:'[\p{L}]+)?|[!?<>\[\]{}|#*:=$]/gu;
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/** Families matched in the view, for naming categories; reused between calls. */
export class FeatureScratch {
  readonly families = new Float64Array(FAMILIES.length);
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
): void {
  countFamilies(folded, scratch.families);
  let i = 0;
  for (; i < FAMILIES.length; i++) if (scratch.families[i] > 0) sink(i, Math.log1p(scratch.families[i]));
  const stats = surfaceStats(visible);
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
  // Word unigrams and bigrams, scaled so long texts do not dominate by length alone.
  let count = 0;
  TOKEN.lastIndex = 0;
  for (const _ of folded.matchAll(TOKEN)) count++;
  const wordScale = 1 / Math.sqrt(count + 1);
  let prev = 0;
  TOKEN.lastIndex = 0;
  for (const m of folded.matchAll(TOKEN)) {
    const h = hashString(m[0], SEEDS.word);
    sink(base + (h & mask), wordScale);
    if (prev !== 0) sink(base + (combine(prev, h) & mask), wordScale);
    prev = h;
  }
  // Character 4-grams (bigrams for CJK text, which has no spaces to split words on).
  const n = CJK.test(folded) ? 2 : 4;
  const grams = Math.max(0, folded.length - n + 1);
  const charScale = 1 / Math.sqrt(grams + 1);
  for (let s = 0; s < grams; s++) {
    const h = hashRange(folded, s, s + n, SEEDS.char);
    sink(base + (h & mask), charScale);
  }
}

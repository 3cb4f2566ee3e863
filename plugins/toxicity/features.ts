/**
 * Features of the toxicity model: word unigrams and bigrams and character 3- and 4-grams of the
 * normalized text, hashed into 2^16 buckets so no feature string is ever built (words by FNV-1a;
 * n-grams by their code units packed a byte each into one integer as the text is read, then
 * mixed by a shift and one multiplication: half the multiplications of FNV-1a steps). Every
 * feature of every window reads one random bucket: 2^16 of them (256 KB with their counts) stay
 * in a core's cache where 2^20 did not, and 5-grams, a quarter of the reads, added nothing the
 * 3- and 4-grams and the words do not already say (precision and recall within 0.1 point).
 * Training and inference share this code, so the model sees exactly what it was trained on.
 */

/** log2 of the number of hash buckets. */
const BUCKET_BITS = 16;
/** Number of hash buckets. */
export const BUCKETS = 1 << BUCKET_BITS;
const MASK = BUCKETS - 1;
/** Salts of the hashed features: words, bigrams, character 3- and 4-grams (window-scorer.ts counts the same). */
export const SALT_WORD = 0x9e3779b1;
export const SALT_BIGRAM = 0x85ebca6b;
export const SALT_3 = 0xc2b2ae35;
export const SALT_4 = 0x27d4eb2f;

/**
 * A code unit as the byte packed for the n-grams: ASCII as it is, any other code unit as one of
 * 128 values above it (folded text is mostly ASCII; other scripts share those 128).
 */
export const gramByte = (c: number) => (c < 0x80 ? c : 0x80 | ((c ^ (c >>> 7)) & 0x7f));

/**
 * The bucket of a packed 3-gram (`packed & 0xffffff`) or 4-gram (`packed`) xor its salt: its high
 * bits folded onto its low ones, then one multiplication, whose top bits are taken. Without the
 * fold a multiplication carries a key's high byte (a 4-gram's first code unit) into only the top
 * bits; each of three models trained that way read the everyday `switch to quiet mode` as abuse
 * (0.99), where the folded one stays under the operating point like the FNV-1a models before.
 */
export const gramBucket = (salted: number) => Math.imul(salted ^ (salted >>> 15), 0x9e3779b1) >>> (32 - BUCKET_BITS);

/** Counts of hashed features of one text; reused between calls (open addressing, cleared per text). */
export class FeatureCounts {
  /**
   * Per slot: the round (one per text) in the top 11 bits and the bucket in the low 20 (read it
   * with `bucket`). A slot written in an earlier round is free, so clearing the table between
   * texts touches nothing but the round.
   */
  readonly keys: Int32Array;
  /** Count stored in each slot. */
  readonly counts: Uint16Array;
  /** Slots in use, in insertion order: the first `size` entries (preallocated, so filling it allocates nothing). */
  readonly used: Int32Array;
  /** Number of features. */
  size = 0;
  private round = 1;
  private readonly shift: number;

  /** `slotBits`: log2 of the slots; a smaller table suits short texts (it never drops a feature below 3/4 full). */
  constructor(slotBits = 16) {
    this.keys = new Int32Array(1 << slotBits);
    this.counts = new Uint16Array(1 << slotBits);
    this.used = new Int32Array(Math.floor(((this.keys.length - 1) * 3) / 4) + 1);
    this.shift = 32 - slotBits;
  }

  /** Adds one occurrence of bucket `b`. */
  add(b: number): void {
    const keys = this.keys;
    const mask = keys.length - 1;
    const tagged = (this.round << 20) | b;
    let i = Math.imul(b, 0x9e3779b1) >>> this.shift;
    for (;;) {
      const k = keys[i];
      if (k === tagged) {
        if (this.counts[i] < 65535) this.counts[i]++;
        return;
      }
      if (k >>> 20 !== this.round) {
        // Past three quarters full, further features are dropped (texts beyond ~16 KB).
        if (this.size > (mask * 3) / 4) return;
        keys[i] = tagged;
        this.counts[i] = 1;
        this.used[this.size++] = i;
        return;
      }
      i = (i + 1) & mask;
    }
  }

  /** The bucket held in a slot in use. */
  bucket(slot: number): number {
    return this.keys[slot] & MASK;
  }

  /** Bucket and count of each feature. */
  *entries(): IterableIterator<[number, number]> {
    for (let k = 0; k < this.size; k++) yield [this.bucket(this.used[k]), this.counts[this.used[k]]];
  }

  /** Empties the table for the next text: a new round, and a real wipe once the 11 bits of rounds run out. */
  clear(): void {
    this.size = 0;
    if (++this.round < 2048) return;
    this.keys.fill(0);
    this.round = 1;
  }
}

/** FNV-1a: the seed and one step, for the words and n-grams here and the word look-up in index.ts. */
export const HASH_SEED = 0x811c9dc5;
export const step = (h: number, c: number) => Math.imul(h ^ c, 0x01000193);

// The text's characters with a space on each side, read once per text instead of once per
// n-gram (grown when a longer text comes).
let chars = new Uint16Array(1024);

/** Fills `into` with the hashed features of a normalized text. */
export function extractFeatures(normalized: string, into: FeatureCounts = new FeatureCounts()): FeatureCounts {
  const n = normalized.length + 2;
  if (chars.length < n) chars = new Uint16Array(n * 2);
  chars[0] = 32;
  chars[n - 1] = 32;
  for (let i = 0; i < normalized.length; i++) chars[i + 1] = normalized.charCodeAt(i);
  return countFeatures(chars, 0, n, into);
}

/**
 * Fills `into` with the hashed features of the text held in `at[first + 1, end - 1)`, where
 * `at[first]` and `at[end - 1]` are spaces: extractFeatures' work on a text already held as code
 * units (window-scorer.ts reads a long text's windows in place).
 */
export function countFeatures(at: Uint16Array, first: number, end: number, into: FeatureCounts): FeatureCounts {
  into.clear();
  // Words and bigrams (all of them first: the model sums features in the order they were added).
  let prev = 0;
  let h = HASH_SEED;
  let inWord = false;
  for (let i = first + 1; i < end; i++) {
    const c = at[i];
    if (c === 32) {
      if (inWord) {
        into.add(((h ^ SALT_WORD) >>> 0) & MASK);
        if (prev) into.add((Math.imul(prev, 31) ^ h ^ SALT_BIGRAM) & MASK);
        prev = h;
      }
      h = HASH_SEED;
      inWord = false;
    } else {
      h = step(h, c);
      inWord = true;
    }
  }
  // Character 3- and 4-grams of ` text `, as each code unit comes: the last four are packed a
  // byte each, so the 3-gram ending here and the 4-gram ending here are read off the same integer.
  let packed = 0;
  for (let j = first; j < end; j++) {
    packed = (packed << 8) | gramByte(at[j]);
    if (j - first >= 2) {
      into.add(gramBucket((packed & 0xffffff) ^ SALT_3));
      if (j - first >= 3) into.add(gramBucket(packed ^ SALT_4));
    }
  }
  return into;
}

/** The weights file: a logistic regression over the hashed features. */
export interface ToxicityModel {
  /** How the model was made, for people reading the file. */
  about: string;
  bias: number;
  /** The probability at which the tuned operating point sits; it maps to confidence 0.5. */
  threshold: number;
  /** Non-zero weights as [bucket, weight] pairs. */
  weights: Array<[number, number]>;
}

/**
 * A model ready for scoring: weights spread into a dense array of 16-bit steps of `scale`
 * (128 KB instead of 256 as 32-bit floats: scoring a window reads a thousand random buckets of
 * it); the steps (1/32767 of the largest weight) move a probability by less than 1e-4.
 */
export interface LoadedModel {
  bias: number;
  threshold: number;
  dense: Int16Array;
  /** The weight one step of `dense` stands for. */
  scale: number;
}

/** Spreads the sparse weights of a model file into a dense array of 16-bit steps. */
export function loadModel(model: ToxicityModel): LoadedModel {
  let largest = 0;
  for (const [, w] of model.weights) largest = Math.max(largest, Math.abs(w));
  const scale = (largest || 1) / 32767;
  const dense = new Int16Array(BUCKETS);
  for (const [b, w] of model.weights) dense[b] = Math.round(w / scale);
  return { bias: model.bias, threshold: model.threshold, dense, scale };
}

/** Sublinear, L2-normalized value of each feature: (1 + ln count) / norm. */
export function featureValues(features: FeatureCounts): Array<[number, number]> {
  let norm = 0;
  const out: Array<[number, number]> = [];
  for (const [b, c] of features.entries()) {
    const v = 1 + Math.log(c);
    norm += v * v;
    out.push([b, v]);
  }
  norm = Math.sqrt(norm) || 1;
  for (const e of out) e[1] /= norm;
  return out;
}

/** P(toxic) of a text's features under the model. */
export function predict(model: LoadedModel, features: FeatureCounts): number {
  let z = 0;
  let norm = 0;
  const { keys, counts, used, size } = features;
  for (let k = 0; k < size; k++) {
    const i = used[k];
    const c = counts[i];
    // 1 + ln 1 is exactly 1: most features occur once in a window.
    const v = c === 1 ? 1 : 1 + Math.log(c);
    norm += v * v;
    z += model.dense[keys[i] & MASK] * v;
  }
  z = model.bias + (z * model.scale) / (Math.sqrt(norm) || 1);
  return 1 / (1 + Math.exp(-z));
}

/**
 * The model's probability of windows of one normalized text, read straight from the text's code
 * units: no window is cut out as a string and no feature table is probed. Each feature's count
 * lives in the low 16 bits of the weight cell of its bucket (the weight, in 16-bit steps, in the
 * high 16), so counting a feature and finding its weight touch one array; the cells a window
 * counted are reset before the next. The features, their order and the arithmetic are those of
 * `extractFeatures` and `predict` in features.ts (training's), so the probability is the same
 * number to the last bit.
 */
import { BUCKETS, HASH_SEED, step, type LoadedModel } from './features.js';

const MASK = BUCKETS - 1;
// The salts of features.ts.
const SALT_WORD = 0x9e3779b1;
const SALT_BIGRAM = 0x85ebca6b;
const SALT_3 = 0xc2b2ae35;
const SALT_4 = 0x27d4eb2f;
const SALT_5 = 0x165667b1;

// One array of cells per model in this thread: 4 MB, so detectors of the same model share it
// (scoring is synchronous: one window at a time uses its counts, and leaves them at zero).
const cellsOf = new WeakMap<LoadedModel, Int32Array>();

function cellsFor(model: LoadedModel): Int32Array {
  let cells = cellsOf.get(model);
  if (!cells) {
    cells = new Int32Array(BUCKETS);
    for (let b = 0; b < BUCKETS; b++) cells[b] = model.dense[b] << 16;
    cellsOf.set(model, cells);
  }
  return cells;
}

/** Counts one occurrence of bucket `b`; a bucket seen for the first time joins `used`. Returns the new size of `used`. */
function count(cells: Int32Array, used: Int32Array, size: number, b: number): number {
  const cell = cells[b];
  cells[b] = cell + 1;
  used[size] = b;
  return (cell & 0xffff) === 0 ? size + 1 : size;
}

/** Longest window: its counts must stay below 2^16, in the 16 bits each cell keeps for them. */
export const MAX_WINDOW = 16_000;

/** Scores windows of a normalized text held as code units (see `load`); one per detector, reused across texts. */
export class WindowScorer {
  private readonly cells: Int32Array;
  /** The text with a space before and after: `chars[k + 1]` is the text's code unit k. */
  private chars = new Uint16Array(1024);
  /** Buckets counted in the current window, in the order first seen (the order `predict` sums in). */
  private used = new Int32Array(4096);
  private length = 0;

  constructor(private readonly model: LoadedModel) {
    this.cells = cellsFor(model);
  }

  /** Code unit `k` of the loaded text. */
  charAt(k: number): number {
    return this.chars[k + 1];
  }

  /**
   * Takes a normalized text, calling `onWord(start, end, hash)` for each piece between single
   * spaces (empty ones too, as `split(' ')` cuts them) with the FNV-1a hash of its code units, in
   * the same walk that copies them.
   */
  load(text: string, onWord: (start: number, end: number, hash: number) => void): void {
    const n = text.length;
    if (this.chars.length < n + 2) this.chars = new Uint16Array((n + 2) * 2);
    const at = this.chars;
    at[0] = 32;
    at[n + 1] = 32;
    let start = 0;
    let hash = HASH_SEED;
    for (let i = 0; i <= n; i++) {
      const c = i < n ? text.charCodeAt(i) : 32;
      at[i + 1] = c;
      if (c !== 32) {
        hash = step(hash, c);
        continue;
      }
      onWord(start, i, hash);
      start = i + 1;
      hash = HASH_SEED;
    }
    this.length = n;
  }

  /** P(toxic) of the loaded text's code units [from, to), as `predict(model, extractFeatures(text.slice(from, to)))`. */
  probability(from: number, to: number): number {
    if (from < 0 || to < from || to > this.length || to - from > MAX_WINDOW) throw new RangeError(`window [${from}, ${to}) of a text of ${this.length}`);
    const at = this.chars;
    // The window as extractFeatures sees it: a space on each side. The code units there are put back after.
    const before = at[from];
    const after = at[to + 1];
    at[from] = 32;
    at[to + 1] = 32;
    const p = this.windowProbability(from, to + 2);
    at[from] = before;
    at[to + 1] = after;
    return p;
  }

  /** The probability of `chars[first, end)`, a window with its two spaces. */
  private windowProbability(first: number, end: number): number {
    const at = this.chars;
    const cells = this.cells;
    if (this.used.length < (end - first) * 5) this.used = new Int32Array((end - first) * 10);
    const used = this.used;
    let size = 0;
    // Words and bigrams first, then character 3-, 4- and 5-grams (extractFeatures' order).
    let prev = 0;
    let h = HASH_SEED;
    let inWord = false;
    for (let i = first + 1; i < end; i++) {
      const c = at[i];
      if (c === 32) {
        if (inWord) {
          size = count(cells, used, size, ((h ^ SALT_WORD) >>> 0) & MASK);
          if (prev) size = count(cells, used, size, (Math.imul(prev, 31) ^ h ^ SALT_BIGRAM) & MASK);
          prev = h;
        }
        h = HASH_SEED;
        inWord = false;
      } else {
        h = step(h, c);
        inWord = true;
      }
    }
    for (let i = first; i + 3 <= end; i++) {
      const g3 = step(step(step(HASH_SEED, at[i]), at[i + 1]), at[i + 2]);
      size = count(cells, used, size, ((g3 ^ SALT_3) >>> 0) & MASK);
      if (i + 3 < end) {
        const g4 = step(g3, at[i + 3]);
        size = count(cells, used, size, ((g4 ^ SALT_4) >>> 0) & MASK);
        if (i + 4 < end) size = count(cells, used, size, ((step(g4, at[i + 4]) ^ SALT_5) >>> 0) & MASK);
      }
    }
    // predict's sums, in its order; each cell's count goes back to zero.
    let z = 0;
    let norm = 0;
    for (let k = 0; k < size; k++) {
      const b = used[k];
      const cell = cells[b];
      cells[b] = cell & ~0xffff;
      const c = cell & 0xffff;
      const v = c === 1 ? 1 : 1 + Math.log(c);
      norm += v * v;
      z += (cell >> 16) * v;
    }
    const model = this.model;
    z = model.bias + (z * model.scale) / (Math.sqrt(norm) || 1);
    return 1 / (1 + Math.exp(-z));
  }
}

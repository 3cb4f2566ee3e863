/**
 * The model's probability of windows of one normalized text, read straight from the text's code
 * units: no window is cut out as a string or copied again. A window's features are counted and
 * summed as `countFeatures` and `predict` (features.ts, training's own) do, in the same order,
 * so the probability is the same number to the last bit (the unit test holds it to them).
 */
import { BUCKETS, gramBucket, gramByte, HASH_SEED, SALT_3, SALT_4, SALT_BIGRAM, SALT_WORD, step, type LoadedModel } from './features.js';
import { stringOf } from './code-units.js';
import { tidyInto, type WordList } from './letter-scan.js';

/**
 * Longest window: at most about 2,400 features (MAX_FEATURES), so no count comes near the 16 bits
 * it has beside its weight. The detector's windows hold at most 320.
 */
export const MAX_WINDOW = 600;
const MASK = BUCKETS - 1;

/** Scores windows of a normalized text held as code units (see `load`); one per detector, reused across texts. */
export class WindowScorer {
  /** The text with a space before and after: `chars[k + 1]` is the text's code unit k. */
  private chars = new Uint16Array(1024);
  private length = 0;
  /** Per bucket: its weight (in `dense` steps) in the high 16 bits, the current window's count in the low 16. */
  private readonly weightAndCount: Int32Array;
  /** The buckets of the current window's features, as they come (repeats included). */
  private readonly occurrences = new Int32Array(MAX_FEATURES);
  /**
   * The loaded text's words (runs of code units other than spaces), in order: where each starts
   * and ends and its FNV-1a hash, kept by the walk that copies the text, so a window reads its
   * words from here instead of hashing them again code unit by code unit.
   */
  private wordStarts = new Int32Array(256);
  private wordEnds = new Int32Array(256);
  private wordHashes = new Int32Array(256);
  private words = 0;
  /** The word arrays as tidyInto fills them. */
  private readonly wordList: WordList = { starts: this.wordStarts, ends: this.wordEnds, hashes: this.wordHashes, count: 0 };

  constructor(private readonly model: LoadedModel) {
    this.weightAndCount = weightsWithCounts(model);
  }

  /**
   * Takes a normalized text, calling `onWord(start, end, hash, units)` for each piece between
   * single spaces (empty ones too, as `split(' ')` cuts them) with the FNV-1a hash of its code
   * units, in the same walk that copies them into `units` (the text's code unit k at k + 1; the
   * piece's are there when it is called).
   */
  load(text: string, onWord: (start: number, end: number, hash: number, units: Uint16Array) => void): void {
    const n = text.length;
    if (this.chars.length < n + 2) this.chars = new Uint16Array((n + 2) * 2);
    const at = this.chars;
    at[0] = 32;
    at[n + 1] = 32;
    // At most one word per two code units, and one more.
    if (this.wordEnds.length < (n >> 1) + 1) this.growWords((n >> 1) + 1);
    const starts = this.wordStarts;
    const ends = this.wordEnds;
    const hashes = this.wordHashes;
    let words = 0;
    let start = 0;
    let hash = HASH_SEED;
    for (let i = 0; i <= n; i++) {
      const c = i < n ? text.charCodeAt(i) : 32;
      at[i + 1] = c;
      if (c !== 32) {
        hash = step(hash, c);
        continue;
      }
      onWord(start, i, hash, at);
      if (i > start) {
        starts[words] = start;
        ends[words] = i;
        hashes[words++] = hash;
      }
      start = i + 1;
      hash = HASH_SEED;
    }
    this.words = words;
    this.length = n;
  }

  /**
   * Takes a text as normalizeText leaves it before its last step (normalize.ts `untidied`): tidy
   * writes its code units straight into `units` and, in the same walk, files the words (the
   * pieces between single spaces) and their FNV-1a hashes, read with `wordStart`, `wordEnd` and
   * `wordHash`. The text is never made a string here; `text()` makes it when asked.
   */
  loadTidied(untidied: string): void {
    // Tidying never lengthens a text.
    const room = untidied.length;
    if (this.chars.length < room + 2) this.chars = new Uint16Array((room + 2) * 2);
    if (this.wordEnds.length < (room >> 1) + 1) this.growWords((room >> 1) + 1);
    const list = this.wordList;
    list.starts = this.wordStarts;
    list.ends = this.wordEnds;
    list.hashes = this.wordHashes;
    const n = tidyInto(untidied, this.chars, 1, list);
    this.chars[0] = 32;
    this.chars[n + 1] = 32;
    this.words = list.count;
    this.length = n;
  }

  /** The loaded text's code units, one place on: `units[k + 1]` is its code unit k (valid until the next load). */
  get units(): Uint16Array {
    return this.chars;
  }

  /** The loaded text as a string. */
  text(): string {
    return stringOf(this.chars, 1, this.length + 1);
  }

  /** Number of words (non-empty pieces between spaces) of the loaded text. */
  get wordCount(): number {
    return this.words;
  }

  /** Where word k of the loaded text starts. */
  wordStart(k: number): number {
    return this.wordStarts[k];
  }

  /** Where word k of the loaded text ends. */
  wordEnd(k: number): number {
    return this.wordEnds[k];
  }

  /** The FNV-1a hash of word k's code units. */
  wordHash(k: number): number {
    return this.wordHashes[k];
  }

  private growWords(size: number): void {
    this.wordStarts = new Int32Array(size * 2);
    this.wordEnds = new Int32Array(size * 2);
    this.wordHashes = new Int32Array(size * 2);
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
    const p = this.score(at, from, to);
    at[from] = before;
    at[to + 1] = after;
    return p;
  }

  /** Length of the loaded text. */
  get loadedLength(): number {
    return this.length;
  }

  /** `mostToxicWindow` of the loaded text: the highest probability of its windows. */
  mostToxicWindow(): number {
    const length = this.length;
    if (length <= WINDOW + 40) return this.probability(0, length);
    // The text's code unit k is at[k + 1].
    const at = this.chars;
    let p = 0;
    let start = 0;
    while (start < length) {
      let end = Math.min(length, start + WINDOW);
      if (end < length) {
        // Back to the last space inside this window only: searching on to the start of the text,
        // once per window, would take time growing with the square of a text without spaces.
        let space = end;
        while (space > start && at[space + 1] !== 32) space--;
        if (space > start) end = space;
      }
      // Without its spaces at either end (a window cut inside a word may start at one). A window
      // cut where there is no space leaves out the code unit at the cut, as it always has.
      let from = start;
      let to = end;
      while (from < to && at[from + 1] === 32) from++;
      while (to > from && at[to] === 32) to--;
      p = Math.max(p, this.probability(from, to));
      start = end + 1;
    }
    return p;
  }

  /** The first word ending after text position `from` (`words` when none does). */
  private firstWordAfter(from: number): number {
    let lo = 0;
    let hi = this.words;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.wordEnds[mid] > from) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /**
   * `predict(model, countFeatures(at, from, to + 2, ...))` for the text's code units [from, to),
   * held in `at[from + 1, to + 1)` with a space on either side: the same features, summed in the
   * same order (each at its first occurrence), so the same number to the last bit. Counting adds
   * one to the bucket's own slot, where countFeatures searches a table for it: no branch per feature.
   */
  private score(at: Uint16Array, from: number, to: number): number {
    const table = this.weightAndCount;
    const occurrences = this.occurrences;
    const starts = this.wordStarts;
    const ends = this.wordEnds;
    let size = 0;
    // Words and bigrams first, then character 3- and 4-grams: countFeatures' order. A word the
    // window holds whole has its hash from `load`; one the window cuts is hashed from the cut.
    let prev = 0;
    // An empty window has no words, not even an empty piece of the word around it.
    for (let k = from < to ? this.firstWordAfter(from) : this.words; k < this.words && starts[k] < to; k++) {
      let h = this.wordHashes[k];
      if (starts[k] < from || ends[k] > to) {
        h = HASH_SEED;
        const stop = Math.min(ends[k], to);
        for (let i = Math.max(starts[k], from); i < stop; i++) h = step(h, at[i + 1]);
      }
      const word = ((h ^ SALT_WORD) >>> 0) & MASK;
      table[word]++;
      occurrences[size++] = word;
      if (prev) {
        const bigram = (Math.imul(prev, 31) ^ h ^ SALT_BIGRAM) & MASK;
        table[bigram]++;
        occurrences[size++] = bigram;
      }
      prev = h;
    }
    const first = from;
    const end = to + 2;
    let packed = 0;
    for (let j = first; j < end; j++) {
      packed = (packed << 8) | gramByte(at[j]);
      if (j - first >= 2) {
        const b3 = gramBucket((packed & 0xffffff) ^ SALT_3);
        table[b3]++;
        occurrences[size++] = b3;
        if (j - first >= 3) {
          const b4 = gramBucket(packed ^ SALT_4);
          table[b4]++;
          occurrences[size++] = b4;
        }
      }
    }
    // predict's sum: each feature at its first occurrence, whose read also clears its count. A
    // repeat reads a count of 0, whose value 0 adds exactly nothing: no branch to mispredict.
    let z = 0;
    let norm = 0;
    for (let k = 0; k < size; k++) {
      const b = occurrences[k];
      const entry = table[b];
      const c = entry & 0xffff;
      table[b] = entry - c;
      const v = SUBLINEAR[c];
      norm += v * v;
      z += (entry >> 16) * v;
    }
    z = this.model.bias + (z * this.model.scale) / (Math.sqrt(norm) || 1);
    return 1 / (1 + Math.exp(-z));
  }
}

/** Features of a window of MAX_WINDOW: a word and a bigram per word, two n-grams per code unit, with room. */
const MAX_FEATURES = 4 * (MAX_WINDOW + 2);

/** predict's value of a feature counted c times, 1 + ln c, and 0 for 0 (a repeat already summed). */
const SUBLINEAR = new Float64Array(MAX_FEATURES + 1);
for (let c = 1; c <= MAX_FEATURES; c++) SUBLINEAR[c] = c === 1 ? 1 : 1 + Math.log(c);

// One table per model, shared by its scorers: a window's counts are added and cleared within one
// synchronous `score`, so no two windows ever mix theirs.
const combined = new WeakMap<LoadedModel, Int32Array>();

/** The model's weights with room for a count beside each (256 KB), made once per model. */
function weightsWithCounts(model: LoadedModel): Int32Array {
  let table = combined.get(model);
  if (!table) {
    table = new Int32Array(BUCKETS);
    for (let b = 0; b < BUCKETS; b++) table[b] = model.dense[b] * 0x10000;
    combined.set(model, table);
  }
  return table;
}

/** Characters of the windows `mostToxicWindow` cuts: about a tweet's length, the texts the model learned. */
const WINDOW = 280;

/**
 * The highest probability of the windows of a normalized text loaded into `scorer`: pieces of at
 * most about WINDOW characters, cut at spaces (a text up to WINDOW + 40 is one piece).
 * `normalized`: that text (the scorer reads its own copy of it).
 */
export function mostToxicWindow(scorer: WindowScorer, normalized: string): number {
  if (normalized.length !== scorer.loadedLength) throw new RangeError('mostToxicWindow: the text is not the one loaded');
  return scorer.mostToxicWindow();
}


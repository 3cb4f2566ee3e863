/**
 * The model's probability of windows of one normalized text, read straight from the text's code
 * units: no window is cut out as a string or copied again. The features are counted by
 * `countFeatures` and scored by `predict` (features.ts, training's own), so the probability is
 * the same number to the last bit.
 */
import { countFeatures, FeatureCounts, HASH_SEED, predict, step, type LoadedModel } from './features.js';

/**
 * Longest window: at most about 2,400 distinct features, so the 4,096-slot table (which stays in
 * the CPU cache) never fills to the point of dropping one. The detector's windows hold at most 320.
 */
export const MAX_WINDOW = 600;

/** Scores windows of a normalized text held as code units (see `load`); one per detector, reused across texts. */
export class WindowScorer {
  /** The text with a space before and after: `chars[k + 1]` is the text's code unit k. */
  private chars = new Uint16Array(1024);
  private length = 0;
  private readonly features = new FeatureCounts(12);

  constructor(private readonly model: LoadedModel) {}

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
    const p = predict(this.model, countFeatures(at, from, to + 2, this.features));
    at[from] = before;
    at[to + 1] = after;
    return p;
  }
}

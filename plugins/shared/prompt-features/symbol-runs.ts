/**
 * Symbol runs of visible text (surface.ts): two or more symbols in a row (`({`, `](`, `"]`), not
 * counting ordinary punctuation endings. A long text's windows count theirs from one pass over
 * the whole text (SymbolRunIndex), looking again only at the runs their edges cut.
 */
import { firstAbove } from './sorted-search.js';

const SYMBOL_PAIR = /[\[\]{}()<>|\\^~`="'.,;:!?*#@$%&+\-]{2,}/g;
// Ordinary punctuation endings (".", "?!", "...", ")."), which are not odd.
const ORDINARY = /^(?:\.{2,}|[.?!]+["')]?|["')][.,;:?!]|\)\.|\.\)|,"|\.")$/;

/** Whether a run of symbols (SYMBOL_PAIR's match) counts. */
const counts = (run: string): boolean => run.length >= 2 && !ORDINARY.test(run);

/** The symbol runs of `text` that count. */
export function symbolRuns(text: string): number {
  let runs = 0;
  // exec on the one global regex, not matchAll, which copies the regex and makes an iterator per text.
  SYMBOL_PAIR.lastIndex = 0;
  for (let m = SYMBOL_PAIR.exec(text); m !== null; m = SYMBOL_PAIR.exec(text)) if (counts(m[0])) runs++;
  return runs;
}

/**
 * The symbol runs of a whole text. A run inside a window is a run of the window too (its
 * characters are symbols, those around it not); a run the window's edge cuts is counted from
 * the part inside.
 */
export class SymbolRunIndex {
  private text = '';
  private starts: number[] = [];
  private ends: number[] = [];
  /** Runs that count before each run. */
  private before: number[] = [0];

  /** Indexes the symbol runs of `whole`. */
  fill(whole: string): this {
    this.text = whole;
    this.starts.length = 0;
    this.ends.length = 0;
    this.before.length = 1;
    SYMBOL_PAIR.lastIndex = 0;
    for (const m of whole.matchAll(SYMBOL_PAIR)) {
      this.starts.push(m.index);
      this.ends.push(m.index + m[0].length);
      this.before.push(this.before[this.before.length - 1] + (counts(m[0]) ? 1 : 0));
    }
    return this;
  }

  /** The symbol runs of the whole text's slice `[start, end)` that count, as symbolRuns gives them. */
  read(start: number, end: number): number {
    const { starts, ends, text } = this;
    let first = firstAbove(ends, start);
    let last = firstAbove(starts, end - 1) - 1;
    let runs = 0;
    if (first <= last && starts[first] < start) {
      if (counts(text.slice(start, Math.min(ends[first], end)))) runs++;
      first++;
    }
    if (first <= last && ends[last] > end) {
      if (counts(text.slice(starts[last], end))) runs++;
      last--;
    }
    if (first <= last) runs += this.before[last + 1] - this.before[first];
    return runs;
  }
}

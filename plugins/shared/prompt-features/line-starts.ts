/**
 * Where the lines of a whole text start, for its windows: a window's lines start at its own start
 * and after each line terminator inside it, the whole text's line starts in its stretch.
 */
import { firstAbove } from './sorted-search.js';

const LINE_TERMINATOR = /[\n\r\u2028\u2029]/g;

/** The line starts after the first (just after each `\n`, `\r`, U+2028, U+2029) of a whole text, in order. */
export class LineStarts {
  readonly starts: number[] = [];

  /** Indexes the line starts of `whole`. */
  fill(whole: string): this {
    this.starts.length = 0;
    // test() leaves lastIndex just after the line terminator, at the next line start.
    LINE_TERMINATOR.lastIndex = 0;
    while (LINE_TERMINATOR.test(whole)) this.starts.push(LINE_TERMINATOR.lastIndex);
    return this;
  }

  /** The index of the first line start after `x` (starts.length if none). */
  firstAfter(x: number): number {
    return firstAbove(this.starts, x);
  }
}

/**
 * The part of an upstream SSE stream not yet relayed, and where its complete events end. Reads
 * are kept as they came and joined only when complete events are taken; each search for event
 * ends reads only what came since the last search (and the few characters before it an end may
 * start in). Searching the whole joined tail after every read took time growing with the square
 * of an event's length when that event came in many reads.
 */

/** A blank line: the end of one server-sent event (any mix of CRLF, CR, LF). */
const EVENT_END = /(?:\r\n|\r(?!\n)|\n)(?:\r\n|\r(?!\n)|\n)/g;
/**
 * An event end is at most four characters (CRLF CRLF), so one that later reads complete starts
 * at most three characters before the end of the text already searched.
 */
const LONGEST_END_BUT_ONE = 3;

export class EventTail {
  /** The tail, read by read. */
  private reads: string[] = [];
  private length = 0;
  /** The tail from where the next search starts: after the last end found, and no end starts before it. */
  private unsearched = '';

  append(read: string): void {
    this.reads.push(read);
    this.length += read.length;
    this.unsearched += read;
  }

  /**
   * Where each event end found since the last search is, as offsets into the tail, in order
   * (none when no further event is complete yet). Take the events before searching again.
   */
  ends(): number[] {
    const ends: number[] = [];
    this.search((end) => ends.push(end));
    return ends;
  }

  /** The last of `ends()` (0 when there is none), without building the list: it runs per read. */
  lastEnd(): number {
    let last = 0;
    this.search((end) => (last = end));
    return last;
  }

  /** Removes the tail's text up to `end` (an event end, or by default the whole tail) and returns it. */
  take(end = this.length): string {
    const text = this.reads.length === 1 ? this.reads[0] : this.reads.join('');
    const rest = text.slice(end);
    this.reads = rest ? [rest] : [];
    this.length = rest.length;
    if (this.unsearched.length > rest.length) this.unsearched = rest;
    return text.slice(0, end);
  }

  private search(found: (end: number) => void): void {
    const text = this.unsearched;
    const offset = this.length - text.length;
    let next = Math.max(0, text.length - LONGEST_END_BUT_ONE);
    EVENT_END.lastIndex = 0;
    for (let match = EVENT_END.exec(text); match; match = EVENT_END.exec(text)) {
      next = Math.max(next, match.index + match[0].length);
      found(offset + match.index + match[0].length);
    }
    this.unsearched = text.slice(next);
  }
}

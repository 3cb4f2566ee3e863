/**
 * What a detector made of one text, remembered for the next evaluation that holds the same text.
 * A chat sends its whole history with every turn, and the same system prompt with every request:
 * without this, each evaluation reads all of it again, and its cost grows with the conversation
 * instead of with the new turn. Part of the detector contract: a detector whose reading of a
 * text depends on nothing but the text and its settings wraps that reading in a SegmentMemo.
 *
 * Texts are keyed by their SHA-256 digest, so the memo holds no prompt text, and a text crafted
 * to share a key with a benign one (to be waved through on its verdict) cannot be found. A detector
 * instance lives for one config snapshot, so a settings change starts an empty memo.
 */
import { createHash } from 'node:crypto';

/** Texts remembered per detector instance: an evaluation is a few segments, a conversation a few dozen. */
export const SEGMENT_MEMO_ENTRIES = 2048;

export class SegmentMemo<V> {
  /**
   * Off for benchmarks that measure the detectors' own work on texts they repeat; never in the
   * gateway (the evaluate benchmark sends it texts that differ instead).
   */
  static disabled = false;

  /** In order of last use: the first key is the one to forget. */
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity = SEGMENT_MEMO_ENTRIES) {}

  /**
   * `read(text)`, remembered: a text seen before gets the value it got then. `scope` names
   * anything else the value depends on (limits, a media type) when one memo serves several.
   * Treat the value as read-only.
   */
  get(text: string, read: (text: string) => V, scope?: string): V {
    if (SegmentMemo.disabled) return read(text);
    const hash = createHash('sha256');
    // The scope's length goes first, so no scope and text can be cut differently into the same input.
    if (scope !== undefined) hash.update(`${scope.length}:${scope}`);
    const key = hash.update(text).digest('base64');
    const known = this.entries.get(key);
    if (known !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    const value = read(text);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, value);
    return value;
  }
}

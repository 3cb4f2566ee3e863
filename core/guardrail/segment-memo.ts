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

/**
 * The digest of a segment's text, kept on the segment object while an evaluation holds it, so
 * the detectors of one evaluation digest each text once between them. The text is kept beside
 * it and compared (by reference, as a rule), so a segment whose text was changed is digested again.
 */
const segmentDigests = new WeakMap<object, { text: string; digest: string }>();

function digestOf(text: string, scope?: string): string {
  const hash = createHash('sha256');
  // The scope's length goes first, so no scope and text can be cut differently into the same input.
  if (scope !== undefined) hash.update(`${scope.length}:${scope}`);
  return hash.update(text).digest('base64');
}

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
    return this.lookUp(digestOf(text, scope), text, read);
  }

  /** `get(segment.text, read)`, digesting the text once for every detector of the evaluation. */
  getFor(segment: { readonly text: string }, read: (text: string) => V): V {
    if (SegmentMemo.disabled) return read(segment.text);
    let known = segmentDigests.get(segment);
    if (!known || known.text !== segment.text) segmentDigests.set(segment, (known = { text: segment.text, digest: digestOf(segment.text) }));
    return this.lookUp(known.digest, segment.text, read);
  }

  private lookUp(key: string, text: string, read: (text: string) => V): V {
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

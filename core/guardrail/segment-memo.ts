/**
 * What a detector made of one text, remembered for the next evaluation that holds the same text.
 * A chat sends its whole history with every turn, and the same system prompt with every request:
 * without this, each evaluation reads all of it again, and its cost grows with the conversation
 * instead of with the new turn. Part of the detector contract: a detector whose reading of a
 * text depends on nothing but the text and its settings wraps that reading in a SegmentMemo.
 *
 * Texts are keyed by their SHA-256 digest (of their UTF-8 bytes, or of their UTF-16 code units
 * for a text holding a lone surrogate, which UTF-8 cannot carry), so the memo holds no prompt
 * text, and a text crafted to share a key with a benign one (to be waved through on its verdict)
 * cannot be found. A detector instance lives for one config snapshot, so a settings change starts
 * an empty memo.
 */
import { createHash, hash } from 'node:crypto';
import { ObjectSlot } from '../runtime/object-slot.js';

/** Texts remembered per detector instance: an evaluation is a few segments, a conversation a few dozen. */
export const SEGMENT_MEMO_ENTRIES = 2048;

/**
 * The digest of a segment's text, kept on the segment object while an evaluation holds it, so
 * the detectors of one evaluation digest each text once between them. The text is kept beside
 * it and compared (by reference, as a rule), so a segment whose text was changed is digested again.
 */
const segmentDigests = new ObjectSlot<{ text: string; digest: string }>('portcullis.segmentDigest');

/** The ES2024 string method Node 20 has and the project's TypeScript lib does not name yet. */
type WellFormedText = string & { isWellFormed(): boolean };

/** Starts the digested bytes of a text UTF-8 cannot carry: no UTF-8 encoding holds the byte 0xFF. */
const UTF16_TAG = Buffer.from([0xff]);

function digestOf(text: string, scope?: string): string {
  // The scope's length goes first, so no scope and text can be cut differently into the same input.
  const input = scope === undefined ? text : `${scope.length}:${scope}${text}`;
  if ((input as WellFormedText).isWellFormed()) return hash('sha256', input, 'base64');
  // UTF-8 would read each lone surrogate as U+FFFD, giving two different texts one key (and one
  // a verdict read from the other): such a text is digested as its UTF-16 code units instead.
  return createHash('sha256').update(UTF16_TAG).update(input, 'utf16le').digest('base64');
}

export class SegmentMemo<V> {
  /**
   * Off for benchmarks that measure the detectors' own work on texts they repeat; never in the
   * gateway (the evaluate benchmark sends it texts that differ instead).
   */
  static disabled = false;

  /**
   * Two generations instead of a strict least-recently-used order, so a hit costs one look-up:
   * texts go into `recent`; when it holds half the capacity it becomes `older` and the previous
   * `older` is forgotten; a text found in `older` moves back into `recent`. A text is kept at
   * least until capacity / 2 others have come after its last use, and never beyond capacity.
   */
  private recent = new Map<string, V>();
  private older = new Map<string, V>();
  private readonly generation: number;

  constructor(capacity = SEGMENT_MEMO_ENTRIES) {
    this.generation = Math.max(1, capacity >> 1);
  }

  /**
   * `read(text)`, remembered: a text seen before gets the value it got then. `scope` names
   * anything else the value depends on (limits, a media type) when one memo serves several.
   * Treat the value as read-only.
   */
  get(text: string, read: (text: string) => V, scope?: string): V {
    if (SegmentMemo.disabled) return read(text);
    return this.lookUp(digestOf(text, scope), text, read);
  }

  /**
   * `get(segment.text, read)` for a segment of `request`, digesting the text once for every
   * detector of the evaluation. Output is read and not remembered: each answer is new text, and a
   * streamed one is checked window by window, texts that never come again and would only push the
   * conversation's history out. (An answer that comes back as history is then read once.)
   */
  getFor(request: { readonly direction: 'input' | 'output' }, segment: { readonly text: string }, read: (text: string) => V): V {
    if (SegmentMemo.disabled || request.direction === 'output') return read(segment.text);
    let known = segmentDigests.get(segment);
    if (!known || known.text !== segment.text) segmentDigests.set(segment, (known = { text: segment.text, digest: digestOf(segment.text) }));
    return this.lookUp(known.digest, segment.text, read);
  }

  private lookUp(key: string, text: string, read: (text: string) => V): V {
    const recent = this.recent.get(key);
    if (recent !== undefined) return recent;
    const older = this.older.get(key);
    const value = older !== undefined ? older : read(text);
    if (this.recent.size >= this.generation) {
      this.older = this.recent;
      this.recent = new Map();
    }
    this.recent.set(key, value);
    return value;
  }
}

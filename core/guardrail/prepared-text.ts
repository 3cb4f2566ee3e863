/**
 * A segment's text prepared once per evaluation for every detector that reads it folded: the
 * detectors of one evaluation share the segment objects, so the first to ask pays for the
 * folding and the others find it done. Part of the detector contract (additive: a detector that
 * folds text its own way keeps doing so).
 *
 * Kept on the segment object while the evaluation holds it (an ObjectSlot, as SegmentMemo keeps
 * its digests), with the text beside it, so a segment whose text was changed is prepared again.
 */
import { ObjectSlot } from '../runtime/object-slot.js';

/** What is prepared of a segment's text. */
export interface PreparedText {
  /**
   * The text folded for matching: format characters that do not show (zero-width space and
   * joiners, soft hyphen, word joiner, BOM, bidi controls, variation selectors, tag characters)
   * removed, compatibility forms and accents decomposed (NFKD) and the combining marks dropped,
   * lower case. ASCII text is only lower-cased. Its offsets do not map to the segment's text.
   */
  readonly folded: string;
}

// Format characters an evader can slip inside a word ("pro\u200Bject") without changing how it looks.
const INVISIBLE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]|\uDB40[\uDC00-\uDDEF]/g;
const MARKS = /\p{M}+/gu;
const NON_ASCII = /[^\x00-\x7F]/;
const NON_ASCII_RUN = /[^\x00-\x7F]+/g;

/** A run of non-ASCII characters without its invisible characters, decomposed, without marks. */
const foldRun = (run: string) => run.replace(INVISIBLE, '').normalize('NFKD').replace(MARKS, '');

/** `text` folded as `PreparedText.folded` describes. */
export function foldForMatching(text: string): string {
  // ASCII has no invisible characters, marks or compatibility forms: only case is left to fold.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  // Only the non-ASCII runs are decomposed (most text is a few curly quotes in ASCII): NFKD works
  // character by character and reorders only marks, which never cross an ASCII character, so the
  // runs fold as the whole text would. Case is folded over the whole, where Greek final sigma
  // sees its word.
  return text.replace(NON_ASCII_RUN, foldRun).toLowerCase();
}

const prepared = new ObjectSlot<{ text: string; value: PreparedText }>('portcullis.preparedText');

/** The prepared view of a segment's text, computed on first use and shared for as long as the segment lives. */
export function preparedText(segment: { readonly text: string }): PreparedText {
  const known = prepared.get(segment);
  if (known && known.text === segment.text) return known.value;
  const value: PreparedText = { folded: foldForMatching(segment.text) };
  prepared.set(segment, { text: segment.text, value });
  return value;
}

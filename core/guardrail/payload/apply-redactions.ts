/**
 * Writes a Transform's redactions back into a copy of the payload: each redaction replaces a
 * span of one segment's text by a masked token, at the JSON location the segment came from.
 * The copy keeps the payload's shape (message count, roles, tool names and ids); only string
 * values change.
 */
import type { Redaction } from '../detector.js';
import { setValueAt } from './json-path.js';
import type { LocatedSegment } from './segment-builder.js';
import { appendTo } from '../../collections/map-of-lists.js';

/** The masked copy and what could not be placed. */
export interface AppliedRedactions {
  payload: Record<string, unknown>;
  /** Redactions aimed at text with no place in the payload (text extracted from a document). */
  unplaced: Redaction[];
}

/**
 * Replaces non-overlapping spans (of those that overlap, the one starting first, then the
 * longest, is kept). The text between them is copied once, in order: cutting the growing result
 * again at each span took time growing with the text's length times the number of spans.
 */
function redactText(text: string, redactions: Redaction[]): string {
  const ordered = [...redactions].sort((a, b) => a.start - b.start || b.end - a.end);
  const pieces: string[] = [];
  let copied = 0;
  for (const r of ordered) {
    if (r.start < 0 || r.end > text.length || r.end <= r.start) continue;
    if (r.start < copied) continue; // overlaps one already kept
    pieces.push(text.slice(copied, r.start), r.replacement);
    copied = r.end;
  }
  pieces.push(text.slice(copied));
  return pieces.join('');
}

/** Masks a copy of `payload` with `redactions` of `segments`. */
export function applyRedactions(payload: Record<string, unknown>, segments: readonly LocatedSegment[], redactions: readonly Redaction[]): AppliedRedactions {
  const copy = structuredClone(payload);
  const byId = new Map(segments.map((s) => [s.id, s]));
  const bySegment = new Map<number, Redaction[]>();
  const unplaced: Redaction[] = [];
  for (const r of redactions) {
    const segment = byId.get(r.segment);
    if (!segment?.path) {
      unplaced.push(r);
      continue;
    }
    appendTo(bySegment, r.segment, r);
  }
  for (const [id, list] of bySegment) {
    const segment = byId.get(id)!;
    setValueAt(copy, segment.path!, redactText(segment.text, list));
  }
  return { payload: copy, unplaced };
}

/**
 * Writes a Transform's redactions back into a copy of the payload: each redaction replaces a
 * span of one segment's text by a masked token, at the JSON location the segment came from.
 * The copy keeps the payload's shape (message count, roles, tool names and ids); only string
 * values change.
 */
import type { Redaction } from '../detector.js';
import { setValueAt } from './json-path.js';
import type { LocatedSegment } from './segment-builder.js';

/** The masked copy and what could not be placed. */
export interface AppliedRedactions {
  payload: Record<string, unknown>;
  /** Redactions aimed at text with no place in the payload (text extracted from a document). */
  unplaced: Redaction[];
}

/** Replaces non-overlapping spans, last first so earlier offsets stay valid. */
function redactText(text: string, redactions: Redaction[]): string {
  const ordered = [...redactions].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Redaction[] = [];
  for (const r of ordered) {
    if (r.start < 0 || r.end > text.length || r.end <= r.start) continue;
    if (kept.length && r.start < kept[kept.length - 1].end) continue; // overlaps one already kept
    kept.push(r);
  }
  let out = text;
  for (const r of kept.reverse()) out = out.slice(0, r.start) + r.replacement + out.slice(r.end);
  return out;
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
    const list = bySegment.get(r.segment) ?? [];
    list.push(r);
    bySegment.set(r.segment, list);
  }
  for (const [id, list] of bySegment) {
    const segment = byId.get(id)!;
    setValueAt(copy, segment.path!, redactText(segment.text, list));
  }
  return { payload: copy, unplaced };
}

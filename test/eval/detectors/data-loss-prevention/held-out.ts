/**
 * data_loss_prevention's PII on data no tuning read: the files under
 * test/eval/held-out/data_loss_prevention/ whose names begin with `pii` (see the MANIFEST.md
 * there), and the measured operating points of each sensitivity.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../../core/paths/project-root.js';
import { DEFAULT_ENTITIES, PII_ENTITIES, type EntityType } from '../../../../plugins/data-loss-prevention/entity-types.js';
import type { Sensitivity } from '../../../../plugins/data-loss-prevention/sensitivity.js';
import type { MetricsRow } from '../../metrics.js';
import { defaultDetector, inspectText } from './inspect-text.js';
import type { LabelledText } from './presidio.js';
import { COMPATIBLE, GOLD_TO_ROW } from './span-scoring.js';

/** A labelled row of the held-out or tuning files: no spans for a look-alike. */
export interface PiiRow extends LabelledText {
  category: string;
}

const HELD_OUT_DIR = join(PROJECT_ROOT, 'test/eval/held-out/data_loss_prevention');
const TUNING_DIR = join(PROJECT_ROOT, 'test/eval/tuning/data_loss_prevention');

function readRows(dir: string): PiiRow[] {
  if (!existsSync(dir)) return [];
  const rows: PiiRow[] = [];
  for (const file of readdirSync(dir).filter((f) => f.startsWith('pii') && f.endsWith('.jsonl')).sort()) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      if (!line) continue;
      const r = JSON.parse(line) as { id: string; text: string; category: string; spans: Array<{ entity_type: string; start: number; end: number; value: string }> };
      rows.push({ id: r.id, text: r.text, category: r.category, spans: r.spans.map((s) => ({ type: s.entity_type, start: s.start, end: s.end, value: s.value })) });
    }
  }
  return rows;
}

/** The held-out PII rows (generated and public). */
export const heldOutPiiRows = (): PiiRow[] => readRows(HELD_OUT_DIR);
/** The tuning PII rows: read while changing the recognizers, never scored as held-out. */
export const tuningPiiRows = (): PiiRow[] => readRows(TUNING_DIR);

/** Counts of one measurement: spans for precision and recall, rows for the false-positive rate. */
export interface PointCounts {
  maskedCorrect: number;
  masked: number;
  goldFound: number;
  gold: number;
  /** Rows without gold spans, and those with anything masked. */
  negatives: number;
  flagged: number;
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

/**
 * Scores rows with the detector at one sensitivity and entity set: a gold span counts only when
 * its type is in the set; a masked span is correct when it overlaps a compatible gold span.
 */
export function measurePoint(rows: readonly LabelledText[], sensitivity: Sensitivity, entities: readonly EntityType[]): PointCounts {
  const d = defaultDetector({ sensitivity, entities: [...entities] });
  const on = new Set<string>(entities);
  const c: PointCounts = { maskedCorrect: 0, masked: 0, goldFound: 0, gold: 0, negatives: 0, flagged: 0 };
  for (const r of rows) {
    const { spans } = inspectText(d, r.text);
    const found = spans.filter((f) => COMPATIBLE[f.label]);
    for (const g of r.spans) {
      const type = GOLD_TO_ROW[g.type];
      if (!type || !on.has(type)) continue;
      c.gold++;
      if (found.some((f) => overlaps(f, g) && COMPATIBLE[f.label].includes(g.type))) c.goldFound++;
    }
    for (const f of found) {
      c.masked++;
      if (r.spans.some((g) => overlaps(f, g) && COMPATIBLE[f.label].includes(g.type))) c.maskedCorrect++;
    }
    if (r.spans.length === 0) {
      c.negatives++;
      if (found.length > 0) c.flagged++;
    }
  }
  return c;
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

/** A metrics row from a point's counts. */
export function pointRow(detector: string, slice: string, split: 'development' | 'held-out', c: PointCounts, recallAtFpr1?: number): MetricsRow {
  const precision = ratio(c.maskedCorrect, c.masked);
  const recall = ratio(c.goldFound, c.gold);
  return {
    detector,
    slice,
    split,
    samples: c.gold + c.negatives,
    positives: c.gold,
    precision,
    recall,
    f1: ratio(2 * precision * recall, precision + recall),
    fpr: ratio(c.flagged, c.negatives),
    recall_at_fpr1: recallAtFpr1,
    note: `${c.masked} masked spans, ${c.masked - c.maskedCorrect} wrong; ${c.flagged} of ${c.negatives} rows without PII flagged`,
  };
}

/** Per category of the held-out rows: look-alikes by the share flagged, positives by recall of their type. */
export function categoryRows(detector: string, rows: readonly PiiRow[]): MetricsRow[] {
  // Every type on at the default sensitivity: each category is measured against its own type.
  const byCategory = new Map<string, PiiRow[]>();
  for (const r of rows) byCategory.set(r.category, [...(byCategory.get(r.category) ?? []), r]);
  const out: MetricsRow[] = [];
  for (const [category, part] of [...byCategory].sort(([a], [b]) => a.localeCompare(b))) {
    const c = measurePoint(part, 'balanced', PII_ENTITIES);
    out.push(pointRow(detector, `held-out ${category}`, 'held-out', c));
  }
  return out;
}

/** The entity sets the operating points are measured for. */
export const POINT_SETS: ReadonlyArray<readonly [string, readonly EntityType[]]> = [
  ['default types', DEFAULT_ENTITIES.filter((e) => (PII_ENTITIES as readonly string[]).includes(e))],
  ['every PII type', PII_ENTITIES],
];

/** The three sensitivities, in order of recall. */
export const SENSITIVITIES: readonly Sensitivity[] = ['low', 'balanced', 'high'];

/**
 * One row per sensitivity and entity set; recall at 1% false positives is the best recall of
 * the three points whose false-positive rate is at most 1%.
 */
export function operatingPointRows(detector: string, source: string, split: 'development' | 'held-out', rows: readonly LabelledText[]): MetricsRow[] {
  const out: MetricsRow[] = [];
  for (const [setName, entities] of POINT_SETS) {
    const points = SENSITIVITIES.map((s) => [s, measurePoint(rows, s, entities)] as const);
    const within1 = points.filter(([, c]) => ratio(c.flagged, c.negatives) <= 0.01).map(([, c]) => ratio(c.goldFound, c.gold));
    const r1 = within1.length ? Math.max(...within1) : 0;
    for (const [s, c] of points) out.push(pointRow(detector, `${source} sensitivity ${s} (${setName})`, split, c, r1));
  }
  return out;
}

/** The "Measured operating points" table of docs/detectors/data-loss-prevention.md, as markdown. */
export function operatingPointsMarkdown(rows: readonly MetricsRow[]): string {
  const pct = (x: number) => (100 * x).toFixed(1);
  const lines = ['| split | data | sensitivity (entity set) | precision | recall | FPR |', '|---|---|---|---|---|---|'];
  for (const r of rows) {
    const m = /^(.*) sensitivity (\w+) \((.*)\)$/.exec(r.slice);
    if (!m) continue;
    lines.push(`| ${r.split} | ${m[1]} | ${m[2]} (${m[3]}) | ${pct(r.precision)}% | ${pct(r.recall)}% | ${pct(r.fpr)}% |`);
  }
  return lines.join('\n');
}

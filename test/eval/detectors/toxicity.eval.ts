/**
 * toxicity, on two kinds of data:
 * - development: the held-out part of the Davidson et al. tweets in the shared datasets (FNV-1a
 *   hash of the row id % 20 in 15..19; the model trained on 0..11 and its threshold and
 *   sensitivity shifts were tuned on 12..14, see tools/training/toxicity/). Toxic = class 0
 *   (hate) or 1 (offensive); negative = class 2. Skipped, with a printed line, without them.
 * - held-out: test/eval/held-out/toxicity/*.jsonl (see its MANIFEST.md), rows `{id, text,
 *   label, category}`, never read by any tuning.
 * A text is flagged when any hit reaches the detector's default threshold. The default
 * (`balanced`) sensitivity gives the per-class and per-category rows; `low` and `high` each add
 * an overall row per data set: the measured operating points docs/detectors/toxicity.md publishes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import detector from '../../../plugins/toxicity/index.js';
import type { ToxicitySettings } from '../../../plugins/toxicity/index.js';
import type { Detector, DetectorHit } from '../../../core/guardrail/detector.js';
import { validatorFor } from '../../../core/schema/ajv.js';
import { davidsonRows } from '../datasets/davidson.js';
import { emptyCounts, recallAtFpr, rowFromCounts, tally, type Counts, type DetectorEvaluation, type MetricsRow } from '../metrics.js';

const NAME = 'toxicity';
const SENSITIVITIES = ['balanced', 'low', 'high'] as const;
const HELD_OUT = join(dirname(fileURLToPath(import.meta.url)), '../held-out/toxicity');

interface LabelledText {
  text: string;
  /** Toxic or not. */
  toxic: boolean;
  /** Row group reported on its own at the balanced point (Davidson class, held-out category). */
  group: string;
}

function instance(sensitivity: (typeof SENSITIVITIES)[number]): Detector {
  const settings: Record<string, unknown> = { sensitivity };
  validatorFor(detector.schemaId)(settings);
  return detector.create(settings as unknown as ToxicitySettings);
}

async function scoreOf(d: Detector, text: string): Promise<number> {
  const hits = (await d.inspect({ direction: 'input', segments: [{ id: 0, text, source: 'prompt' }], attachments: [], attributes: {} })) as DetectorHit[];
  return Math.max(0, ...hits.map((h) => h.confidence));
}

/** Rows of one data set: an overall row per sensitivity, and one per group at balanced. */
async function measure(rows: LabelledText[], slice: string, split: MetricsRow['split'], note: string, groups: string[]): Promise<MetricsRow[]> {
  const out: MetricsRow[] = [];
  for (const sensitivity of SENSITIVITIES) {
    const d = instance(sensitivity);
    const all = emptyCounts();
    const byGroup = new Map<string, Counts>(groups.map((g) => [g, emptyCounts()]));
    const scored: Array<{ score: number; label: boolean }> = [];
    for (const r of rows) {
      const score = await scoreOf(d, r.text);
      const predicted = score >= detector.defaultThreshold;
      tally(all, predicted, r.toxic);
      const group = byGroup.get(r.group);
      if (group) tally(group, predicted, r.toxic);
      scored.push({ score, label: r.toxic });
    }
    const overall = rowFromCounts(NAME, sensitivity === 'balanced' ? slice : `sensitivity ${sensitivity}: ${slice}`, all, note);
    overall.split = split;
    overall.recall_at_fpr1 = recallAtFpr(scored, 0.01);
    overall.recall_at_fpr2 = recallAtFpr(scored, 0.02);
    out.push(overall);
    if (sensitivity !== 'balanced') continue;
    for (const [group, counts] of byGroup) {
      const row = rowFromCounts(NAME, `${slice}: ${group}`, counts);
      row.split = split;
      row.note = counts.tp + counts.fn === 0 ? `flagged ${counts.fp} of ${counts.fp + counts.tn}` : `flagged ${counts.tp} of ${counts.tp + counts.fn}`;
      out.push(row);
    }
  }
  return out;
}

function heldOutSets(): Array<{ name: string; rows: LabelledText[] }> {
  if (!existsSync(HELD_OUT)) return [];
  return readdirSync(HELD_OUT)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((file) => ({
      name: file.replace(/\.jsonl$/, ''),
      rows: readFileSync(join(HELD_OUT, file), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { text: string; label: number; category: string })
        // Toxic rows are grouped as one: their categories are combinations of labels.
        .map((r) => ({ text: r.text, toxic: r.label === 1, group: r.label === 1 ? 'toxic' : r.category })),
    }));
}

export const evaluation: DetectorEvaluation = {
  name: NAME,
  async evaluate(datasets: string): Promise<MetricsRow[]> {
    const out: MetricsRow[] = [];
    if (existsSync(join(datasets, 'davidson'))) {
      const davidson = davidsonRows(datasets, 'held-out').map((r) => ({ text: r.text, toxic: r.label !== 2, group: ['class 0 hate', 'class 1 offensive', 'class 2 neither'][r.label] }));
      out.push(...(await measure(davidson, 'davidson held-out (hate+offensive vs neither)', 'development', 'split: FNV-1a(row id) % 20 >= 15', ['class 0 hate', 'class 1 offensive', 'class 2 neither'])));
    } else console.log(`toxicity: shared datasets not found at ${datasets}; the development rows are skipped`);
    for (const set of heldOutSets()) {
      const groups = [...new Set(set.rows.map((r) => r.group))].sort();
      out.push(...(await measure(set.rows, `${set.name} (toxic vs not)`, 'held-out', 'test/eval/held-out/toxicity', groups)));
    }
    return out;
  },
};

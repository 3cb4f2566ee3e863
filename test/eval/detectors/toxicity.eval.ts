/**
 * toxicity on the held-out part of the Davidson et al. tweets (FNV-1a hash of the row id
 * % 20 in 15..19; the model trained on 0..11 and its threshold was tuned on 12..14, see
 * tools/training/toxicity/). Toxic = class 0 (hate) or 1 (offensive); negative = class 2.
 * A tweet is flagged when any hit reaches the detector's default threshold. The default
 * (`balanced`) sensitivity gives the per-class rows; `low` and `high` each add an overall row,
 * the measured operating points docs/detectors/toxicity.md publishes.
 */
import detector from '../../../plugins/toxicity/index.js';
import type { ToxicitySettings } from '../../../plugins/toxicity/index.js';
import type { DetectorHit } from '../../../core/guardrail/detector.js';
import { validatorFor } from '../../../core/schema/ajv.js';
import { davidsonRows } from '../datasets/davidson.js';
import { emptyCounts, recallAtFpr, rowFromCounts, tally, type DetectorEvaluation, type MetricsRow } from '../metrics.js';

const NAME = 'toxicity';
const SENSITIVITIES = ['balanced', 'low', 'high'] as const;

export const evaluation: DetectorEvaluation = {
  name: NAME,
  async evaluate(datasets: string): Promise<MetricsRow[]> {
    const rows = davidsonRows(datasets, 'held-out');
    const out: MetricsRow[] = [];
    for (const sensitivity of SENSITIVITIES) {
      const settings: Record<string, unknown> = { sensitivity };
      validatorFor(detector.schemaId)(settings);
      const d = detector.create(settings as unknown as ToxicitySettings);
      const all = emptyCounts();
      const byClass = [emptyCounts(), emptyCounts(), emptyCounts()];
      const scored: Array<{ score: number; label: boolean }> = [];
      for (const r of rows) {
        const hits = (await d.inspect({ direction: 'input', segments: [{ id: 0, text: r.text, source: 'prompt' }], attachments: [], attributes: {} })) as DetectorHit[];
        const score = Math.max(0, ...hits.map((h) => h.confidence));
        const predicted = score >= detector.defaultThreshold;
        const actual = r.label !== 2;
        tally(all, predicted, actual);
        tally(byClass[r.label], predicted, actual);
        scored.push({ score, label: actual });
      }
      const slice = 'davidson held-out (hate+offensive vs neither)';
      const overall = rowFromCounts(NAME, sensitivity === 'balanced' ? slice : `sensitivity ${sensitivity}: ${slice}`, all, 'split: FNV-1a(row id) % 20 >= 15');
      overall.recall_at_fpr1 = recallAtFpr(scored, 0.01);
      overall.recall_at_fpr2 = recallAtFpr(scored, 0.02);
      out.push(overall);
      if (sensitivity !== 'balanced') continue;
      const classRow = (label: number, classSlice: string) => {
        const row = rowFromCounts(NAME, classSlice, byClass[label]);
        row.note = label === 2 ? `flagged ${byClass[2].fp} of ${byClass[2].fp + byClass[2].tn}` : `flagged ${byClass[label].tp} of ${byClass[label].tp + byClass[label].fn}`;
        return row;
      };
      out.push(classRow(0, 'davidson class 0 hate'), classRow(1, 'davidson class 1 offensive'), classRow(2, 'davidson class 2 neither'));
    }
    return out;
  },
};

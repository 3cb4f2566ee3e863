/**
 * indirect_prompt_injection on BIPIA, leave-one-attack-category-out: for each of the 25 attack
 * categories, a model is fitted without that category (train-indirect.ts `fitIndirect`, threshold
 * from the tune contexts) and measured on test-split clean contexts poisoned with the left-out
 * category's attacks at the start, middle and end (every test email and code answer, 8 tables per
 * attack and position), against the clean test contexts for false positives.
 * Also: the shipped model's false positives on the clean test contexts, per context type.
 * Those rows are `split: 'development'`. Then the held-out rows (generated tool results under
 * test/eval/held-out/indirect_prompt_injection, never read by training) per carrier, and the
 * measured operating point of each sensitivity.
 */
import detector from '../../../plugins/indirect-prompt-injection/index.js';
import { IndirectScorer } from '../../../plugins/indirect-prompt-injection/scorer.js';
import { INDIRECT_DENSE_NAMES } from '../../../plugins/indirect-prompt-injection/features.js';
import { LinearModel } from '../../../plugins/shared/prompt-features/linear-model.js';
import { loadAttacks, loadCleanContexts, poisonedContexts, type ContextType } from '../datasets/bipia-data.js';
import { fitIndirect, INDIRECT_SCORER_DEFAULTS } from '../../../tools/training/prompt-injection/train-indirect.js';
import { emptyCounts, tally, rowFromCounts, recallAtFpr, type Counts, type DetectorEvaluation, type MetricsRow } from '../metrics.js';
import { heldOutRows, loadLabelledRows, operatingPointsTable } from '../datasets/prompt-held-out.js';
import { indirectModel } from '../../../plugins/indirect-prompt-injection/model-file.js';

const SETTINGS = { sensitivity: 'balanced', scan_documents: 'from_tool', min_confidence: 0, decode_encodings: true, hidden_text_confidence: 0.9, allow_phrases: [], max_chars: 50000 } as const;

/** The shipped detector's score of one tool result. */
function scorerOfShipped(): (text: string) => number {
  const instance = detector.create({ ...SETTINGS, allow_phrases: [] });
  return (text) => {
    const hits = instance.inspect({ direction: 'input', attachments: [], attributes: {}, segments: [{ id: 0, text, source: 'tool_result', role: 'tool' }] }) as Array<{ confidence: number }>;
    return hits[0]?.confidence ?? 0;
  };
}

const NAME = 'indirect_prompt_injection';
const TABLES_PER_ATTACK_POSITION = 8;

function add(into: Counts, from: Counts): void {
  into.tp += from.tp;
  into.fp += from.fp;
  into.tn += from.tn;
  into.fn += from.fn;
}

export const evaluation: DetectorEvaluation = {
  name: NAME,
  async evaluate(datasets: string): Promise<MetricsRow[]> {
    const rows = developmentRows(datasets).map((row): MetricsRow => ({ ...row, split: 'development' }));
    const score = scorerOfShipped();
    const heldOut = loadLabelledRows('held-out', NAME).map((row) => ({ row, score: score(row.text) }));
    rows.push(...heldOutRows(NAME, heldOut, detector.defaultThreshold));
    // Development points: the shipped model (fitted on every BIPIA attack category, so recall is
    // optimistic) on the test contexts, clean and poisoned.
    const testClean = loadCleanContexts(datasets).filter((c) => c.split === 'test');
    const development = [
      ...testClean.map((c) => ({ score: score(c.text), label: false })),
      ...poisonedContexts(loadAttacks(datasets), testClean, 2).map((p) => ({ score: score(p.text), label: true })),
    ];
    console.log(`\n${NAME}: measured operating points (held-out: test/eval/held-out/${NAME}; development: BIPIA test contexts, clean and poisoned)\n`);
    console.log(operatingPointsTable(indirectModel().operatingPoints, heldOut.map((s) => ({ score: s.score, label: s.row.label === 1 })), development));
    console.log('');
    return rows;
  },
};

/** Leave-one-category-out rows on BIPIA, or none with a printed line when the shared datasets are absent. */
function developmentRows(datasets: string): MetricsRow[] {
    const clean = loadCleanContexts(datasets);
    const attacks = loadAttacks(datasets);
    if (!clean.length || !attacks.length) {
      console.log(`${NAME}: shared BIPIA datasets not found; development rows skipped`);
      return [];
    }
    const testClean = clean.filter((c) => c.split === 'test');
    const rows: MetricsRow[] = [];
    const pooled = emptyCounts();
    const byType = new Map<ContextType, Counts>();
    let r1 = 0;
    let r2 = 0;
    let positives = 0;
    const categories = [...new Set(attacks.map((a) => a.category))];
    for (const category of categories) {
      const file = fitIndirect(attacks.filter((a) => a.category !== category), clean);
      const scorer = new IndirectScorer(new LinearModel(file, INDIRECT_DENSE_NAMES), INDIRECT_SCORER_DEFAULTS);
      const left = attacks.filter((a) => a.category === category);
      const types = new Set(left.flatMap((a) => (a.family === 'code' ? ['code'] : ['email', 'table'])));
      const negatives = testClean.filter((c) => types.has(c.type)).map((c) => ({ type: c.type, score: scorer.score(c.text).confidence }));
      const poisoned = poisonedContexts(left, testClean, TABLES_PER_ATTACK_POSITION).map((p) => ({ type: p.type, score: scorer.score(p.text).confidence }));
      const counts = emptyCounts();
      for (const n of negatives) tally(counts, n.score >= file.threshold, false);
      for (const p of poisoned) {
        tally(counts, p.score >= file.threshold, true);
        const c = byType.get(p.type) ?? emptyCounts();
        tally(c, p.score >= file.threshold, true);
        byType.set(p.type, c);
      }
      for (const n of negatives) {
        const c = byType.get(n.type) ?? emptyCounts();
        tally(c, n.score >= file.threshold, false);
        byType.set(n.type, c);
      }
      const row = rowFromCounts(NAME, `loco/${category}`, counts, `left out; threshold ${file.threshold}`);
      const pool = [...poisoned.map((p) => ({ score: p.score, label: true })), ...negatives.map((n) => ({ score: n.score, label: false }))];
      row.recall_at_fpr1 = recallAtFpr(pool, 0.01);
      row.recall_at_fpr2 = recallAtFpr(pool, 0.02);
      r1 += row.recall_at_fpr1 * poisoned.length;
      r2 += row.recall_at_fpr2 * poisoned.length;
      positives += poisoned.length;
      add(pooled, counts);
      rows.push(row);
    }
    for (const [type, counts] of byType) rows.push(rowFromCounts(NAME, `loco/context:${type}`, counts, 'all folds pooled'));
    const overall = rowFromCounts(NAME, 'loco/overall', pooled, 'all folds pooled; recall@FPR averaged over folds');
    overall.recall_at_fpr1 = r1 / positives;
    overall.recall_at_fpr2 = r2 / positives;
    rows.push(overall);

    // The shipped model (all categories) on clean test contexts: false positives only.
    const instance = detector.create({ ...SETTINGS, allow_phrases: [] });
    for (const type of ['email', 'table', 'code'] as const) {
      const counts = emptyCounts();
      for (const c of testClean.filter((x) => x.type === type)) {
        const hits = instance.inspect({ direction: 'input', attachments: [], attributes: {}, segments: [{ id: 0, text: c.text, source: 'tool_result', role: 'tool' }] }) as Array<{ confidence: number }>;
        tally(counts, (hits[0]?.confidence ?? 0) >= detector.defaultThreshold, false);
      }
      rows.push(rowFromCounts(NAME, `shipped/clean ${type}`, counts, `test split; threshold ${detector.defaultThreshold}`));
    }
    return rows;
}

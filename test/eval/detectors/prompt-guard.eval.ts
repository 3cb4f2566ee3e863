/**
 * prompt_guard on shared/datasets/direct-injection, measured on the `test` split only (see
 * test/eval/datasets/direct-data.ts: benign prompts by a hash of their id, JailbreakBench by
 * behaviour). The model was fitted on `train` and its default threshold picked on `tune`.
 * Rows: one per source, one per JailbreakBench attack, and overall. CLINC150 is measured whole
 * (its test split, about 1,900 prompts); nothing is sampled. Then material users paste into
 * prompts: the clean BIPIA contexts of the test split by type (false positives only), and 4 KB
 * prompts of that material with each test attack buried in one (training/long-prompts.ts).
 * Every row above is `split: 'development'`. Then the held-out rows (test/eval/held-out/prompt_guard,
 * never read by training) per category, and the measured operating point of each sensitivity.
 */
import detector from '../../../plugins/prompt-guard/index.js';
import type { PromptGuardSettings } from '../../../plugins/prompt-guard/settings.js';
import { loadDirectSamples, DIRECT_SOURCES, type DirectSample } from '../datasets/direct-data.js';
import { loadCleanContexts } from '../datasets/bipia-data.js';
import { longPrompts } from '../datasets/long-prompts.js';
import { emptyCounts, tally, rowFromCounts, recallAtFpr, type DetectorEvaluation, type MetricsRow } from '../metrics.js';
import { heldOutRows, loadLabelledRows, operatingPointsTable } from '../datasets/prompt-held-out.js';
import { promptGuardModel } from '../../../plugins/prompt-guard/model-file.js';

const SETTINGS: PromptGuardSettings = {
  sensitivity: 'balanced', sources: ['prompt'], skip_roles: ['system', 'developer'], min_confidence: 0, decode_encodings: true,
  hidden_text_confidence: 0.9, allow_phrases: [], max_chars: 12000,
};

/** Scores every sample with the detector as a rule would run it. */
export function scoreSamples(samples: DirectSample[]): Array<{ sample: DirectSample; score: number }> {
  const instance = detector.create(SETTINGS);
  return samples.map((sample) => {
    const hits = instance.inspect({
      direction: 'input', attachments: [], attributes: {},
      segments: [{ id: 0, text: sample.text, source: 'prompt', role: 'user' }],
    }) as ReturnType<typeof instance.inspect> & Array<{ confidence: number }>;
    return { sample, score: hits[0]?.confidence ?? 0 };
  });
}

function row(slice: string, scored: Array<{ sample: DirectSample; score: number }>, allNegatives: number[], note?: string): MetricsRow {
  const counts = emptyCounts();
  for (const s of scored) tally(counts, s.score >= detector.defaultThreshold, s.sample.label === 1);
  const r: MetricsRow = { ...rowFromCounts('prompt_guard', slice, counts, note), split: 'development' };
  // Recall at fixed FPR uses the slice's positives against every negative of the test split.
  const positives = scored.filter((s) => s.sample.label === 1).map((s) => ({ score: s.score, label: true }));
  if (positives.length) {
    const pool = [...positives, ...allNegatives.map((score) => ({ score, label: false }))];
    r.recall_at_fpr1 = recallAtFpr(pool, 0.01);
    r.recall_at_fpr2 = recallAtFpr(pool, 0.02);
  }
  return r;
}

export const evaluation: DetectorEvaluation = {
  name: 'prompt_guard',
  async evaluate(datasets: string): Promise<MetricsRow[]> {
    const rows = developmentRows(datasets);
    const heldOut = loadLabelledRows('held-out', 'prompt_guard');
    const scored = scoreSamples(heldOut.map((r) => ({ ...r, source: 'held-out', split: 'test' })));
    const heldOutScores = scored.map((s) => ({ row: s.sample, score: s.score }));
    rows.push(...heldOutRows('prompt_guard', heldOutScores, detector.defaultThreshold));
    const development = developmentScores(datasets);
    console.log(`\nprompt_guard: measured operating points (held-out: test/eval/held-out/prompt_guard; development: test split without clinc150)\n`);
    console.log(operatingPointsTable(promptGuardModel().operatingPoints, heldOutScores.map((s) => ({ score: s.score, label: s.row.label === 1 })), development));
    console.log('');
    return rows;
  },
};

/** Development scores behind the operating-point table: the hard test slices (all but CLINC150). */
function developmentScores(datasets: string): Array<{ score: number; label: boolean }> {
  const test = loadDirectSamples(datasets).filter((s) => s.split === 'test' && s.source !== 'clinc150');
  return scoreSamples(test).map((s) => ({ score: s.score, label: s.sample.label === 1 }));
}

/** The development rows (test split of the shared datasets), or none with a printed line when they are absent. */
function developmentRows(datasets: string): MetricsRow[] {
    const test = loadDirectSamples(datasets).filter((s) => s.split === 'test');
    if (test.length === 0) {
      console.log('prompt_guard: shared direct-injection datasets not found; development rows skipped');
      return [];
    }
    const scored = scoreSamples(test);
    const negatives = scored.filter((s) => s.sample.label === 0).map((s) => s.score);
    const note = `test split; threshold ${detector.defaultThreshold}`;
    const rows: MetricsRow[] = [];
    for (const source of DIRECT_SOURCES) {
      const slice = scored.filter((s) => s.sample.source === source);
      if (slice.length) rows.push(row(source, slice, negatives, note));
    }
    const attacks = [...new Set(test.filter((s) => s.label === 1).map((s) => s.category.split(':')[0]))].sort();
    for (const attack of attacks) {
      rows.push(row(`jailbreakbench/${attack}`, scored.filter((s) => s.sample.label === 1 && s.sample.category.startsWith(`${attack}:`)), negatives, note));
    }
    const hard = scored.filter((s) => s.sample.label === 1 || (s.sample.source !== 'clinc150'));
    rows.push(row('overall without clinc150', hard, hard.filter((s) => s.sample.label === 0).map((s) => s.score), note));
    rows.push(row('overall', scored, negatives, note));

    const contexts = loadCleanContexts(datasets).filter((c) => c.split === 'test');
    const pasted = scoreSamples(contexts.map((c) => ({ id: c.id, text: c.text, label: 0, source: 'bipia', category: c.type, split: 'test' })));
    for (const type of ['email', 'table', 'code']) {
      const slice = pasted.filter((s) => s.sample.category === type);
      if (slice.length) rows.push(row(`bipia clean ${type}`, slice, [], note));
    }
    const long = scoreSamples(longPrompts(test, contexts, 'test'));
    const longNegatives = long.filter((s) => s.sample.label === 0).map((s) => s.score);
    rows.push(row('long: 4 KB pasted text, attacks buried', long, longNegatives, note));
    return rows;
}

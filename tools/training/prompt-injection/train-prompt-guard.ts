/**
 * Trains prompt_guard's model: `npx tsx tools/training/prompt-injection/train-prompt-guard.ts`.
 * Fits on the `train` split of shared/datasets/direct-injection (direct-data.ts) plus the
 * synthetic rows; as benign, every view and window of the train split's clean BIPIA contexts and
 * of 4 KB prompts made of them (long-prompts.ts); as attacks, the windows holding a synthetic
 * instruction buried in such a prompt; and two thirds of the generated tuning prompts
 * (test/eval/tuning/prompt_guard, by a hash of their id). Calibrates and picks the thresholds of
 * the three sensitivities on the `tune` split and the other third of the tuning prompts, and
 * writes plugins/prompt-guard/model.json. The `test` split and the held-out files are never read here.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDirectSamples, type DirectSample, type Split } from '../../../test/eval/datasets/direct-data.js';
import { syntheticPrompts } from './synthetic-injections.js';
import { loadCleanContexts, type CleanContext } from '../../../test/eval/datasets/bipia-data.js';
import { longPrompts } from '../../../test/eval/datasets/long-prompts.js';
import { trainFtrl, fitPlatt, type SparseRow, type FtrlOptions } from './logistic.js';
import { DENSE_COUNT, DENSE_NAMES, emitFeatures, FeatureScratch } from '../../../plugins/shared/prompt-features/features.js';
import { InjectionScorer, type TextView } from '../../../plugins/prompt-guard/scorer.js';
import { LinearModel, type LinearModelFile } from '../../../plugins/shared/prompt-features/linear-model.js';
import { PROMPT_GUARD_MODEL_PATH as OUT } from '../../../plugins/prompt-guard/model-file.js';
import { DATASETS_DIR } from '../../../test/eval/datasets/datasets-dir.js';
import { loadLabelledRows, type LabelledRow } from '../../../test/eval/datasets/prompt-held-out.js';
import { hashString } from '../../../plugins/shared/prompt-features/hashing.js';

const datasets = DATASETS_DIR;

export const HASH_BITS = 18;
export const FTRL: FtrlOptions = { alpha: 0.05, beta: 1, l1: 0.4, l2: 2, epochs: 12, seed: 1 };

/** Total training weight of each source (spread over its rows): hard negatives count most. */
export const SOURCE_WEIGHT: Record<string, number> = {
  jailbreakbench: 4,
  synthetic_attack: 4,
  clinc150: 2,
  'wildguardtest-benign': 2,
  notinject: 1.5,
  'xstest-safe': 1,
  synthetic_benign: 1.5,
  // Material users paste into prompts (emails, tables, code; long texts): without it, tables and
  // code read as optimiser suffixes (symbol runs, glued words).
  bipia_context: 6,
  long_benign: 3,
  long_attack: 1,
  // Generated tuning prompts (tools/eval/prompt_guard/generate.ts): attacks written to beat a
  // defended assistant, persuasion pretexts, and benign prompts using the same words.
  tuning_attack: 4,
  tuning_benign: 4,
};

/** The generated tuning prompts, split by a hash of their id: two thirds fit the model, one third picks thresholds. */
export function tuningPrompts(): { fit: LabelledRow[]; pick: LabelledRow[] } {
  const rows = loadLabelledRows('tuning', 'prompt_guard');
  const fit = rows.filter((row) => hashString(row.id) % 3 !== 0);
  const pick = rows.filter((row) => hashString(row.id) % 3 === 0);
  return { fit, pick };
}

const blankModel = (): LinearModel =>
  new LinearModel({ trainedOn: '', hashBits: HASH_BITS, bias: 0, dense: {}, hashed: { index: [], weight: [] }, calibration: { scale: 1, offset: 0 }, threshold: 0.5 });

/** Sparse features of one view. */
export function rowOf(view: TextView, label: 0 | 1, weight: number, scratch: FeatureScratch): SparseRow {
  const acc = new Map<number, number>();
  emitFeatures(view.folded, view.visible, view.flags, HASH_BITS, (i, v) => acc.set(i, (acc.get(i) ?? 0) + v), scratch);
  const index = Int32Array.from(acc.keys());
  const value = Float32Array.from(acc.values());
  return { index, value, label, weight };
}

/** Benign long prompts of `split`: its benign prompts and clean contexts joined to 4 KB. */
function pastedPrompts(samples: DirectSample[], contexts: CleanContext[], split: Split): string[] {
  return longPrompts(samples, contexts, split).filter((p) => p.label === 0).map((p) => p.text);
}

/**
 * The windows holding one of `attacks` (the synthetic ones: instructions a document could carry)
 * buried in 4 KB of the samples' pasted text.
 */
function buriedAttackWindows(samples: DirectSample[], attacks: string[], contexts: CleanContext[], split: Split, scorer: InjectionScorer): TextView[] {
  const benign = samples.filter((s) => s.label === 0);
  const labelled = attacks.map((text, i): DirectSample => ({ id: `synthetic:${i}`, text, label: 1, source: 'synthetic_attack', category: 'synthetic', split }));
  const out: TextView[] = [];
  for (const p of longPrompts([...benign, ...labelled], contexts, split)) {
    if (p.buried) for (const view of scorer.windowViews(p.text).views) if (view.kind === 'window' && view.visible.includes(p.buried)) out.push(view);
  }
  return out;
}

/** The rows the model is fitted on, weighted per source: samples and clean contexts of the train split. */
export function trainingRows(samples: DirectSample[], scorer: InjectionScorer, contexts: CleanContext[], tuning: LabelledRow[] = []): SparseRow[] {
  const scratch = new FeatureScratch();
  const groups = new Map<string, Array<{ view: TextView; label: 0 | 1 }>>();
  const add = (source: string, view: TextView, label: 0 | 1) => {
    const g = groups.get(source) ?? [];
    g.push({ view, label });
    groups.set(source, g);
  };
  for (const s of samples) add(s.source, scorer.views(s.text).views[0], s.label);
  const synthetic = syntheticPrompts();
  for (const p of synthetic) {
    const { views } = scorer.views(p.text);
    // A disguised prompt is learned through the view that undoes the disguise.
    const view = p.obfuscated && views.length > 1 ? views[views.length - 1] : views[0];
    add(p.label ? 'synthetic_attack' : 'synthetic_benign', view, p.label);
  }
  for (const row of tuning) {
    const { views } = scorer.views(row.text);
    // An attack is learned through its most revealing view (decoded or de-obfuscated when there is one); every view of a benign prompt must read as benign.
    if (row.label === 1) add('tuning_attack', views[views.length - 1], 1);
    else for (const view of views) add('tuning_benign', view, 0);
  }
  // Every view a pasted text is read in, windows included, must read as benign.
  for (const c of contexts) for (const view of scorer.windowViews(c.text).views) add('bipia_context', view, 0);
  for (const p of pastedPrompts(samples, contexts, 'train')) for (const view of scorer.windowViews(p).views) add('long_benign', view, 0);
  // And an instruction buried in it must read as an attack in the window that holds it.
  const plainAttacks = synthetic.filter((p) => p.label === 1 && !p.obfuscated).map((p) => p.text);
  for (const view of buriedAttackWindows(samples, plainAttacks, contexts, 'train', scorer)) add('long_attack', view, 1);
  const rows: SparseRow[] = [];
  for (const [source, items] of groups) {
    const per = (SOURCE_WEIGHT[source] ?? 1) / items.length;
    const scale = 1000 / 16; // keeps per-row weights near 1 for the learning rate
    for (const it of items) rows.push(rowOf(it.view, it.label, per * scale, scratch));
  }
  return rows;
}

/** Builds the weights file from fitted weights. */
export function modelFile(weights: Float64Array, bias: number, trainedOn: string): LinearModelFile {
  const dense: Record<string, number> = {};
  DENSE_NAMES.forEach((name, i) => (dense[name] = Number(weights[i].toFixed(4))));
  const index: number[] = [];
  const weight: number[] = [];
  for (let i = DENSE_COUNT; i < weights.length; i++) {
    const w = Number(weights[i].toFixed(3));
    if (w !== 0) {
      index.push(i - DENSE_COUNT);
      weight.push(w);
    }
  }
  return { trainedOn, hashBits: HASH_BITS, bias: Number(bias.toFixed(4)), dense, hashed: { index, weight }, calibration: { scale: 1, offset: 0 }, threshold: 0.5 };
}

/** Default options of the scorer as the detector uses them. */
export const SCORER_DEFAULTS = { decodeEncodings: true, hiddenTextConfidence: 0.9, allowPhrases: [], maxChars: 12000 };

function rate(scores: number[], t: number): number {
  return scores.length ? scores.filter((s) => s >= t).length / scores.length : 0;
}

async function main() {
  const samples = loadDirectSamples(datasets);
  const train = samples.filter((s) => s.split === 'train');
  const tune = samples.filter((s) => s.split === 'tune');
  const contexts = loadCleanContexts(datasets);
  const tuning = tuningPrompts();
  const rows = trainingRows(train, new InjectionScorer(blankModel(), SCORER_DEFAULTS), contexts.filter((c) => c.split === 'train'), tuning.fit);
  console.log(`training rows ${rows.length}`);
  const fitted = trainFtrl(rows, DENSE_COUNT + (1 << HASH_BITS), { ...FTRL, ...JSON.parse(process.env.PG_FTRL ?? '{}') });
  const file = modelFile(fitted.weights, fitted.bias, 'train split of shared/datasets/direct-injection (direct-data.ts) + synthetic-injections.ts + clean BIPIA contexts and 4 KB prompts of them (long-prompts.ts)');
  console.log(`nonzero hashed weights ${file.hashed.index.length}`);

  // Calibrate on the tuning split, with sources weighted as in training.
  const scorer = new InjectionScorer(new LinearModel(file), SCORER_DEFAULTS);
  const scored = tune.map((s) => ({ s, logit: scorer.rawLogit(s.text) }));
  const counts = new Map<string, number>();
  for (const { s } of scored) counts.set(s.source, (counts.get(s.source) ?? 0) + 1);
  const platt = fitPlatt(scored.map(({ s, logit }) => ({ logit, label: s.label, weight: (SOURCE_WEIGHT[s.source] ?? 1) / counts.get(s.source)! })));
  file.calibration = { scale: Number(platt.scale.toFixed(4)), offset: Number(platt.offset.toFixed(4)) };
  const calibrated = new LinearModel(file);
  const prob = scored.map(({ s, logit }) => ({ s, p: calibrated.probability(logit) }));

  // Default threshold: the lowest whose tuning false positives stay within budget: at most
  // 0.75% of all benign prompts, 6% of the hard negatives together, 3% of NotInject and 5% of
  // pasted material (clean contexts and 4 KB prompts of it).
  const bySource = (source: string) => prob.filter((x) => x.s.source === source).map((x) => x.p);
  const tuneContexts = contexts.filter((c) => c.split === 'tune');
  const pasted = [...tuneContexts.map((c) => c.text), ...pastedPrompts(tune, tuneContexts, 'tune')].map((text) => calibrated.probability(scorer.rawLogit(text)));
  const benign = prob.filter((x) => x.s.label === 0).map((x) => x.p);
  const hard = prob.filter((x) => x.s.label === 0 && x.s.source !== 'clinc150').map((x) => x.p);
  // The threshold-picking third of the generated prompts: its benign ones are hard negatives too.
  const picked = tuning.pick.map((row) => ({ row, p: calibrated.probability(scorer.rawLogit(row.text)) }));
  const generatedBenign = picked.filter((x) => x.row.label === 0).map((x) => x.p);
  const lowest = (ok: (t: number) => boolean): number => {
    for (let t = 0.05; t <= 0.99; t += 0.01) if (ok(t)) return Number(t.toFixed(2));
    return 0.99;
  };
  const threshold = lowest((t) => rate(benign, t) <= 0.0055 && rate(hard, t) <= 0.06 && rate(bySource('notinject'), t) <= 0.03 && rate(pasted, t) <= 0.05 && rate(generatedBenign, t) <= 0.015);
  file.threshold = threshold;
  // `low`: at most 0.3% of all benign prompts and none of the generated hard negatives; `high`:
  // at most 3% of the hard negatives and of the generated ones, 10% of pasted material.
  const low = Math.max(threshold, lowest((t) => rate(benign, t) <= 0.003 && rate(hard, t) <= 0.02 && rate(generatedBenign, t) <= 0.003 && rate(pasted, t) <= 0.03));
  const high = Math.min(threshold, lowest((t) => rate(benign, t) <= 0.02 && rate(hard, t) <= 0.1 && rate(generatedBenign, t) <= 0.03 && rate(pasted, t) <= 0.1));
  file.operatingPoints = { low, high };
  const generatedAttacks = picked.filter((x) => x.row.label === 1).map((x) => x.p);
  for (const [name, t] of [['low', low], ['balanced', threshold], ['high', high]] as const) {
    console.log(`${name.padEnd(9)} ${t}: tune benign flagged ${(100 * rate(benign, t)).toFixed(2)}%, generated benign ${(100 * rate(generatedBenign, t)).toFixed(1)}%, generated attacks caught ${(100 * rate(generatedAttacks, t)).toFixed(1)}%`);
  }
  for (const source of ['jailbreakbench', 'notinject', 'wildguardtest-benign', 'xstest-safe', 'clinc150']) {
    console.log(`tune ${source.padEnd(22)} n=${String(bySource(source).length).padStart(5)} flagged=${(100 * rate(bySource(source), threshold)).toFixed(1)}%`);
  }
  console.log(`tune ${'pasted'.padEnd(22)} n=${String(pasted.length).padStart(5)} flagged=${(100 * rate(pasted, threshold)).toFixed(1)}%`);
  console.log(`calibration ${JSON.stringify(file.calibration)} threshold ${threshold}`);
  file.trainedOn += ' + two thirds of test/eval/tuning/prompt_guard';
  writeFileSync(OUT, JSON.stringify(file) + '\n');
  console.log(`wrote ${OUT}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

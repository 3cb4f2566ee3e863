/**
 * Trains indirect_prompt_injection's model: `npx tsx tools/training/prompt-injection/train-indirect.ts`.
 * Positive units: the attack instructions (outside their code fences) of the included BIPIA
 * categories, plus prompt_guard's synthetic overrides; negative units: every line or sentence of
 * the `train` clean contexts; and two thirds of the generated tool results of
 * test/eval/tuning/indirect_prompt_injection (by a hash of their id: units only poisoned results
 * hold are attacks, every other unit benign). Calibration and the thresholds of the three
 * sensitivities come from the `tune` contexts, clean and poisoned, and the other third of the
 * generated results. The evaluation module calls `fitIndirect` once per left-out category.
 * The held-out files are never read here.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAttacks, loadCleanContexts, poisonedContexts, type Attack, type CleanContext } from '../../../test/eval/datasets/bipia-data.js';
import { syntheticPrompts, syntheticIndirect } from './synthetic-injections.js';
import { trainFtrl, fitPlatt, type SparseRow, type FtrlOptions } from './logistic.js';
import { LinearModel, type LinearModelFile } from '../../../plugins/shared/prompt-features/linear-model.js';
import { foldCase } from '../../../plugins/shared/prompt-features/normalize.js';
import { INDIRECT_DENSE_NAMES, emitUnitFeatures, UnitScratch } from '../../../plugins/indirect-prompt-injection/features.js';
import { IndirectScorer } from '../../../plugins/indirect-prompt-injection/scorer.js';
import { splitUnits } from '../../../plugins/indirect-prompt-injection/units.js';
import { INDIRECT_MODEL_PATH as OUT } from '../../../plugins/indirect-prompt-injection/model-file.js';
import { DATASETS_DIR } from '../../../test/eval/datasets/datasets-dir.js';
import { loadLabelledRows, type LabelledRow } from '../../../test/eval/datasets/prompt-held-out.js';
import { hashString } from '../../../plugins/shared/prompt-features/hashing.js';

const datasets = DATASETS_DIR;

export const INDIRECT_HASH_BITS = 18;
export const INDIRECT_FTRL: FtrlOptions = { alpha: 0.05, beta: 1, l1: 0.3, l2: 2, epochs: 10, seed: 3 };
/** Scorer options as the detector uses them by default. */
export const INDIRECT_SCORER_DEFAULTS = { decodeEncodings: true, hiddenTextConfidence: 0.9, allowPhrases: [], maxChars: 50000 };
/** Total weight of each kind of training unit. */
const WEIGHT = { attack: 4, synthetic: 1.5, email: 1.5, table: 1.5, code: 2.5, generated_attack: 2, generated_benign: 2, reader_benign: 3, addressed_attack: 3 };
/**
 * Tuning files of tool results written for people (notices, docs, changelogs; and the same with
 * an instruction aimed at the assistant added): groups of their own, so their number does not
 * dilute the generated results of generate.ts.
 */
const READER_FILES = /^(?:notice|licensed|addressed)-/;
/** Suffix of the clean twin of a poisoned row (addressed-injections.ts); twins share one split. */
const TWIN = /~clean$/;

/** The generated tuning tool results, split by a hash of their id: two thirds fit the model, one third picks thresholds. */
export function generatedToolResults(): { fit: LabelledRow[]; pick: LabelledRow[] } {
  const rows = loadLabelledRows('tuning', 'indirect_prompt_injection');
  const picked = (row: LabelledRow) => hashString(row.id.replace(TWIN, '')) % 3 === 0;
  return { fit: rows.filter((row) => !picked(row)), pick: rows.filter(picked) };
}

/** Highest fraction of `scores` at or above `t`. */
function rate(scores: number[], t: number): number {
  return scores.length ? scores.filter((s) => s >= t).length / scores.length : 0;
}

function row(unit: string, tabular: boolean, label: 0 | 1, weight: number, scratch: UnitScratch): SparseRow {
  const acc = new Map<number, number>();
  emitUnitFeatures(unit, tabular, INDIRECT_HASH_BITS, (i, v) => acc.set(i, (acc.get(i) ?? 0) + v), scratch);
  return { index: Int32Array.from(acc.keys()), value: Float32Array.from(acc.values()), label, weight };
}

/** The instruction part of an attack: its text outside code fences, as units. */
export function attackUnits(attack: Attack): string[] {
  const prose = attack.text.replace(/```[\s\S]*?(```|$)/g, '\n');
  return splitUnits(foldCase(prose)).map((u) => u.text);
}

/** Fits a model on `attacks` and the train contexts; calibrates and thresholds on the tune contexts. */
export function fitIndirect(attacks: Attack[], clean: CleanContext[], generated = generatedToolResults()): LinearModelFile {
  const scratch = new UnitScratch();
  const groups: Record<string, Array<{ unit: string; tabular: boolean; label: 0 | 1 }>> = { attack: [], synthetic: [], email: [], table: [], code: [], generated_attack: [], generated_benign: [], reader_benign: [], addressed_attack: [] };
  for (const attack of attacks) {
    for (const unit of attackUnits(attack)) {
      // A text attack may land in a table or in prose.
      if (attack.family === 'text') groups.attack.push({ unit, tabular: true, label: 1 });
      groups.attack.push({ unit, tabular: false, label: 1 });
    }
  }
  for (const p of syntheticPrompts()) if (p.label === 1 && !p.obfuscated) groups.synthetic.push({ unit: foldCase(p.text), tabular: false, label: 1 });
  for (const text of syntheticIndirect()) {
    groups.synthetic.push({ unit: foldCase(text), tabular: true, label: 1 });
    groups.synthetic.push({ unit: foldCase(text), tabular: false, label: 1 });
  }
  const trainScorer = new IndirectScorer(blank(), INDIRECT_SCORER_DEFAULTS);
  for (const c of clean.filter((x) => x.split === 'train')) {
    const { units, tabular } = trainScorer.units(c.text);
    for (const unit of units) groups[c.type].push({ unit, tabular, label: 0 });
  }
  // Generated tool results: a unit that only poisoned results hold is the injected instruction.
  const cleanUnits = new Set<string>();
  for (const g of generated.fit) if (g.label === 0) for (const unit of trainScorer.units(g.text).units) cleanUnits.add(unit);
  for (const g of generated.fit) {
    const { units, tabular } = trainScorer.units(g.text);
    for (const unit of units) {
      if (g.label === 1 && !cleanUnits.has(unit)) groups[READER_FILES.test(g.id) ? 'addressed_attack' : 'generated_attack'].push({ unit, tabular, label: 1 });
      else if (g.label === 0) groups[READER_FILES.test(g.id) ? 'reader_benign' : 'generated_benign'].push({ unit, tabular, label: 0 });
    }
  }
  const rows: SparseRow[] = [];
  for (const [kind, items] of Object.entries(groups)) {
    const per = (1000 * WEIGHT[kind as keyof typeof WEIGHT]) / 16 / Math.max(1, items.length);
    for (const it of items) rows.push(row(it.unit, it.tabular, it.label, per, scratch));
  }
  const fitted = trainFtrl(rows, INDIRECT_DENSE_NAMES.length + (1 << INDIRECT_HASH_BITS), INDIRECT_FTRL);
  const file = toFile(fitted.weights, fitted.bias);

  // Calibrate on tune contexts (clean ones against the same contexts poisoned by the included
  // attacks) and on the generated results kept for picking, half the weight each: BIPIA alone is
  // almost separable, which made the calibration so steep that every threshold crowded at 0.99.
  const tuneClean = clean.filter((c) => c.split === 'tune');
  const scorer = new IndirectScorer(new LinearModel(file, INDIRECT_DENSE_NAMES), INDIRECT_SCORER_DEFAULTS);
  const negatives = tuneClean.map((c) => ({ logit: scorer.rawLogit(c.text), type: c.type }));
  const positives = poisonedContexts(attacks, tuneClean, 2).map((p) => scorer.rawLogit(p.text));
  const picked = generated.pick.map((g) => ({ logit: scorer.rawLogit(g.text), label: g.label }));
  const pickedNegatives = picked.filter((g) => g.label === 0);
  const pickedPositives = picked.filter((g) => g.label === 1);
  const platt = fitPlatt([
    ...negatives.map((n) => ({ logit: n.logit, label: 0 as const, weight: 0.5 / negatives.length })),
    ...positives.map((logit) => ({ logit, label: 1 as const, weight: 0.5 / positives.length })),
    ...pickedNegatives.map((g) => ({ logit: g.logit, label: 0 as const, weight: 0.5 / Math.max(1, pickedNegatives.length) })),
    ...pickedPositives.map((g) => ({ logit: g.logit, label: 1 as const, weight: 0.5 / Math.max(1, pickedPositives.length) })),
  ]);
  file.calibration = { scale: Number(platt.scale.toFixed(4)), offset: Number(platt.offset.toFixed(4)) };
  const model = new LinearModel(file, INDIRECT_DENSE_NAMES);
  // Threshold: the lowest keeping tune false positives at or under 1% of clean contexts, and
  // at most one email or code context (they are few, and the least like tables).
  const probs = negatives.map((n) => ({ p: model.probability(n.logit), type: n.type }));
  let threshold = 0.99;
  for (let t = 0.05; t <= 0.99; t += 0.01) {
    const fp = probs.filter((x) => x.p >= t);
    if (fp.length <= Math.floor(0.01 * probs.length) && fp.filter((x) => x.type !== 'table').length <= 1) {
      threshold = Number(t.toFixed(2));
      break;
    }
  }
  // The generated results kept for picking: a balanced threshold also keeps their clean ones
  // within 2%; `low` keeps every clean context and generated result below it, `high` allows 3% of both.
  const pickedClean = pickedNegatives.map((g) => model.probability(g.logit));
  const cleanProbs = probs.map((x) => x.p);
  while (threshold < 0.99 && rate(pickedClean, threshold) > 0.02) threshold = Number((threshold + 0.01).toFixed(2));
  file.threshold = threshold;
  let low = threshold;
  while (low < 0.99 && (rate(pickedClean, low) > 0 || rate(cleanProbs, low) > 0.003)) low = Number((low + 0.01).toFixed(2));
  let high = threshold;
  while (high > 0.05 && rate(pickedClean, high - 0.01) <= 0.03 && rate(cleanProbs, high - 0.01) <= 0.03) high = Number((high - 0.01).toFixed(2));
  file.operatingPoints = { low, high };
  return file;
}

function blank(): LinearModel {
  return new LinearModel({ trainedOn: '', hashBits: INDIRECT_HASH_BITS, bias: 0, dense: {}, hashed: { index: [], weight: [] }, calibration: { scale: 1, offset: 0 }, threshold: 0.5 }, INDIRECT_DENSE_NAMES);
}

function toFile(weights: Float64Array, bias: number): LinearModelFile {
  const dense: Record<string, number> = {};
  INDIRECT_DENSE_NAMES.forEach((name, i) => (dense[name] = Number(weights[i].toFixed(4))));
  const index: number[] = [];
  const weight: number[] = [];
  for (let i = INDIRECT_DENSE_NAMES.length; i < weights.length; i++) {
    const w = Number(weights[i].toFixed(3));
    if (w !== 0) {
      index.push(i - INDIRECT_DENSE_NAMES.length);
      weight.push(w);
    }
  }
  return {
    trainedOn: 'all BIPIA development attacks + train split of the BIPIA clean contexts (bipia-data.ts) + synthetic overrides + two thirds of test/eval/tuning/indirect_prompt_injection',
    hashBits: INDIRECT_HASH_BITS, bias: Number(bias.toFixed(4)), dense, hashed: { index, weight }, calibration: { scale: 1, offset: 0 }, threshold: 0.5,
  };
}

async function main() {
  const clean = loadCleanContexts(datasets);
  const attacks = loadAttacks(datasets);
  const file = fitIndirect(attacks, clean);
  console.log(`nonzero hashed weights ${file.hashed.index.length}; calibration ${JSON.stringify(file.calibration)}; threshold ${file.threshold}; operating points ${JSON.stringify(file.operatingPoints)}`);
  writeFileSync(OUT, JSON.stringify(file) + '\n');
  console.log(`wrote ${OUT}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

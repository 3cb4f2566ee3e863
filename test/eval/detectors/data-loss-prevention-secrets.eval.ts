/**
 * data_loss_prevention, secrets only, at each sensitivity:
 * - held-out: test/eval/held-out/data_loss_prevention/secrets.jsonl (21 credential types in
 *   realistic surroundings vs look-alikes; generator seed 2002, see MANIFEST.md there). No
 *   tuning ever read it.
 * - development: the tuning set of the same generator (seed 1001) and the project's secret
 *   fixtures (test/fixtures/detectors/secrets.jsonl).
 * A text counts as flagged when the detector returns a `secret` hit; its score is the hit's
 * confidence (0 when none), from which recall at 1% and 2% false positives is read.
 * The rows are per credential type and per look-alike kind, plus one overall row per split and
 * sensitivity; the "Measured operating points" table of docs/detectors/data-loss-prevention.md
 * is printed from the same numbers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../core/paths/project-root.js';
import { emptyCounts, recallAtFpr, rowFromCounts, tally, type Counts, type DetectorEvaluation, type MetricsRow } from '../metrics.js';
import { defaultDetector, inspectText } from './data-loss-prevention/inspect-text.js';
import { secretFixtures } from './data-loss-prevention/fixtures.js';

const NAME = 'data_loss_prevention';
const SENSITIVITIES = ['low', 'balanced', 'high'] as const;
type Sensitivity = (typeof SENSITIVITIES)[number];

interface Row {
  text: string;
  label: 0 | 1;
  category: string;
}

function readRows(rel: string): Row[] | undefined {
  const path = join(PROJECT_ROOT, rel);
  if (!existsSync(path)) return undefined;
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row);
}

function score(rows: readonly Row[], sensitivity: Sensitivity, split: 'development' | 'held-out', source: string): { rows: MetricsRow[]; all: Counts } {
  const d = defaultDetector({ sensitivity } as Record<string, unknown>);
  const byCategory = new Map<string, Counts>();
  const all = emptyCounts();
  const scored: Array<{ score: number; label: boolean }> = [];
  for (const r of rows) {
    const secret = inspectText(d, r.text).hits.find((h) => h.type === 'secret');
    const key = r.label === 1 ? `secrets ${r.category}` : `look-alike ${r.category}`;
    const c = byCategory.get(key) ?? emptyCounts();
    tally(c, !!secret, r.label === 1);
    tally(all, !!secret, r.label === 1);
    byCategory.set(key, c);
    scored.push({ score: secret?.confidence ?? 0, label: r.label === 1 });
  }
  const overall: MetricsRow = {
    ...rowFromCounts(NAME, `secrets [${sensitivity}] ${source}: credentials vs look-alikes`, all, `${all.tp}/${all.tp + all.fn} credentials flagged, ${all.fp}/${all.fp + all.tn} look-alikes flagged`),
    split,
    recall_at_fpr1: recallAtFpr(scored, 0.01),
    recall_at_fpr2: recallAtFpr(scored, 0.02),
  };
  // Per category only at the default point, so the table stays readable.
  const perCategory =
    sensitivity === 'balanced' ? [...byCategory].sort(([a], [b]) => a.localeCompare(b)).map(([k, c]) => ({ ...rowFromCounts(NAME, `${k} (${source})`, c), split })) : [];
  return { rows: [overall, ...perCategory], all };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

export const evaluation: DetectorEvaluation = {
  name: NAME,
  async evaluate(): Promise<MetricsRow[]> {
    const heldOut = readRows('test/eval/held-out/data_loss_prevention/secrets.jsonl');
    const tuning = readRows('test/eval/tuning/data_loss_prevention/secrets.jsonl') ?? [];
    const fixtures: Row[] = secretFixtures().map((r) => ({ text: r.text, label: r.label, category: r.kind }));
    const rows: MetricsRow[] = [];
    const table: string[] = ['| sensitivity | held-out P | held-out R | held-out FPR | development P | development R | development FPR |', '|---|---|---|---|---|---|---|'];
    for (const sensitivity of SENSITIVITIES) {
      const cells: string[] = [sensitivity];
      for (const [split, data, source] of [
        ['held-out', heldOut, 'generated seed 2002'],
        ['development', [...tuning, ...fixtures], 'tuning seed 1001 + fixtures'],
      ] as const) {
        if (!data) {
          console.log(`secrets ${split} set not found; its rows are skipped`);
          cells.push('', '', '');
          continue;
        }
        const { rows: r, all } = score(data, sensitivity, split, source);
        rows.push(...r);
        cells.push(pct(ratio(all.tp, all.tp + all.fp)), pct(ratio(all.tp, all.tp + all.fn)), pct(ratio(all.fp, all.fp + all.tn)));
      }
      table.push(`| \`${sensitivity}\` | ${cells.slice(1).join(' | ')} |`);
    }
    console.log('\nMeasured operating points (data_loss_prevention secrets):\n' + table.join('\n') + '\n');
    return rows;
  },
};

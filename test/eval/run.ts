/**
 * `npm run eval:detectors`: measures every detector on labelled data and prints one table.
 * Each module in test/eval/detectors/ exports `evaluation: DetectorEvaluation`. Results are
 * also written to test/eval/results.json for docs/detectors.md.
 */
import { readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DetectorEvaluation, MetricsRow } from './metrics.js';
import { DATASETS_DIR } from './datasets/datasets-dir.js';

const here = dirname(fileURLToPath(import.meta.url));
const datasets = DATASETS_DIR;
const only = process.argv.slice(2);

const pct = (x: number | undefined) => (x === undefined ? '' : (100 * x).toFixed(1));

async function main() {
  if (!existsSync(datasets)) console.warn(`shared datasets not found at ${datasets}; only project fixtures are measured`);
  const rows: MetricsRow[] = [];
  const files = readdirSync(join(here, 'detectors')).filter((f) => f.endsWith('.eval.ts')).sort();
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(here, 'detectors', file)).href)) as { evaluation: DetectorEvaluation };
    if (only.length && !only.includes(mod.evaluation.name)) continue;
    rows.push(...(await mod.evaluation.evaluate(datasets)));
  }
  const header = ['detector', 'split', 'slice', 'n', 'pos', 'P%', 'R%', 'F1', 'FPR%', 'R@1%FPR', 'R@2%FPR', 'note'];
  const lines = rows.map((r) => [
    r.detector, r.split ?? 'development', r.slice, String(r.samples), String(r.positives), pct(r.precision), pct(r.recall),
    r.f1.toFixed(3), pct(r.fpr), pct(r.recall_at_fpr1), pct(r.recall_at_fpr2), r.note ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(fmt(header));
  for (const l of lines) console.log(fmt(l));
  writeFileSync(join(here, 'results.json'), JSON.stringify({ date: new Date().toISOString(), rows }, null, 2) + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

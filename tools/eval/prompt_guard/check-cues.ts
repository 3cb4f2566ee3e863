/**
 * Tuning-side check of prompt_guard's attack cues (plugins/prompt-guard/attack-cues.ts):
 * `npx tsx tools/eval/prompt_guard/check-cues.ts` prints, per category of the generated tuning
 * prompts, how many attacks a cue catches, and every benign prompt a cue fires on (the tuning
 * file's hard negatives, test/eval/tuning/prompt_guard/cue-hard-negatives.jsonl, and every benign
 * prompt of the development data, all splits: the prompt sources, BIPIA's pasted contexts and
 * the 4 KB pasted prompts made of them). It never reads the held-out file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../core/paths/project-root.js';
import { foldText } from '../../../plugins/shared/prompt-features/normalize.js';
import { attackCue } from '../../../plugins/prompt-guard/attack-cues.js';
import { loadDirectSamples } from '../../../test/eval/datasets/direct-data.js';
import { loadCleanContexts } from '../../../test/eval/datasets/bipia-data.js';
import { longPrompts } from '../../../test/eval/datasets/long-prompts.js';
import { DATASETS_DIR } from '../../../test/eval/datasets/datasets-dir.js';

interface Row { text: string; label: number; category: string }

const readJsonl = (file: string): Row[] =>
  readFileSync(file, 'utf8').split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line) as Row);

const tuning = join(PROJECT_ROOT, 'test/eval/tuning/prompt_guard');
const rows: Row[] = [...readJsonl(join(tuning, 'generated.jsonl')), ...readJsonl(join(tuning, 'cue-hard-negatives.jsonl'))];
const samples = loadDirectSamples(DATASETS_DIR);
const contexts = loadCleanContexts(DATASETS_DIR);
for (const sample of samples) rows.push({ text: sample.text, label: sample.label, category: `dev:${sample.source}` });
for (const context of contexts) rows.push({ text: context.text, label: 0, category: `dev:bipia-${context.type}` });
for (const split of ['train', 'tune', 'test'] as const) {
  for (const prompt of longPrompts(samples, contexts, split)) if (prompt.label === 0) rows.push({ text: prompt.text, label: 0, category: 'dev:long-benign' });
}

const tally = new Map<string, { n: number; fired: number }>();
for (const row of rows) {
  const hit = attackCue(foldText(row.text).text);
  const entry = tally.get(row.category) ?? { n: 0, fired: 0 };
  entry.n++;
  if (hit) entry.fired++;
  tally.set(row.category, entry);
  if (hit && row.label === 0) console.log(`benign fired (${hit.category}) [${row.category}]: ${row.text.slice(0, 160).replace(/\s+/g, ' ')}`);
}
for (const [category, { n, fired }] of [...tally].sort()) console.log(`${category.padEnd(36)} ${String(fired).padStart(5)} / ${n}`);

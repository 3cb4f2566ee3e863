/**
 * A/B CPU time of a prompt detector's scorer, before and after a change, in one process:
 *
 *   npx tsx tools/bench/prompt-detectors-ab.ts <detector> <before-plugin-dir> [rounds]
 *
 * `<detector>` is `prompt_guard` or `indirect_prompt_injection`; `<before-plugin-dir>` holds the
 * other version of its plugin folder (e.g. `git show <commit>:<file>` of every file of the plugin
 * folder, written beside symlinks to this checkout's `plugins/shared`, `core` and `node_modules`).
 * Both scorers read the same never-repeating 4 KB texts (the shared datasets' texts joined, as
 * the detector benchmark's `varied` mode cuts them), interleaved call by call, so the host's
 * other load falls on both alike. Prints the p50, p90 and p99 of the CPU time per call. Keep the
 * before build outside plugins/ (e.g. under .portcullis-bench/, ignored by git): the plugin host
 * refuses a second definition of a detector's name.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { datasetPrompts } from '../../bench/detectors.js';

type Score = (text: string) => unknown;

/** The plugin folder of each detector this script can time. */
const FOLDERS: Record<string, string> = { indirect_prompt_injection: 'indirect-prompt-injection', prompt_guard: 'prompt-guard' };

async function scorerOf(detector: string, pluginDir: string): Promise<Score> {
  const load = (file: string) => import(pathToFileURL(resolve(pluginDir, file)).href);
  if (detector === 'prompt_guard') {
    const [{ InjectionScorer }, { promptGuardModel }] = await Promise.all([load('scorer.ts'), load('model-file.ts')]);
    // The detector's default settings.
    const scorer = new InjectionScorer(promptGuardModel(), { decodeEncodings: true, hiddenTextConfidence: 0.9, allowPhrases: [], maxChars: 12000 });
    return (text) => scorer.score(text);
  }
  const [{ IndirectScorer }, { indirectModel }] = await Promise.all([load('scorer.ts'), load('model-file.ts')]);
  // The detector's default settings.
  const scorer = new IndirectScorer(indirectModel(), { decodeEncodings: true, hiddenTextConfidence: 0.9, allowPhrases: [], maxChars: 50000 });
  return (text) => scorer.score(text);
}

function quantile(sorted: Float64Array, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function main(): Promise<void> {
  const [detector, beforeDir, roundsArg] = process.argv.slice(2);
  if (!detector || !beforeDir) throw new Error('usage: prompt-detectors-ab.ts <detector> <before-plugin-dir> [rounds]');
  const folder = FOLDERS[detector];
  if (!folder) throw new Error(`not wired for ${detector}: one of ${Object.keys(FOLDERS).join(', ')}`);
  const before = await scorerOf(detector, beforeDir);
  const after = await scorerOf(detector, resolve('plugins', folder));
  const rounds = Number(roundsArg ?? 3000);
  const texts = datasetPrompts(rounds + 300).map((p) => p.user);
  for (let i = 0; i < 300; i++) {
    before(texts[i]);
    after(texts[i]);
  }
  const times = { before: new Float64Array(rounds), after: new Float64Array(rounds) };
  for (let i = 0; i < rounds; i++) {
    const text = texts[300 + i];
    // Alternate which goes first, so neither always meets a cold cache.
    const order: Array<['before' | 'after', Score]> = i % 2 ? [['before', before], ['after', after]] : [['after', after], ['before', before]];
    for (const [name, score] of order) {
      const c0 = process.cpuUsage();
      score(text);
      const c = process.cpuUsage(c0);
      times[name][i] = (c.user + c.system) / 1000;
    }
  }
  for (const name of ['before', 'after'] as const) {
    const sorted = times[name].sort();
    console.log(`${detector} ${name}: CPU p50 ${quantile(sorted, 0.5).toFixed(3)} ms, p90 ${quantile(sorted, 0.9).toFixed(3)} ms, p99 ${quantile(sorted, 0.99).toFixed(3)} ms over ${rounds} 4 KB texts`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Throwaway timing of the prompt_guard and indirect_prompt_injection scorers, before against
 * after in one run: each never-repeating 4 KB dataset prompt (and 512-character tool result) is
 * scored by both builds in turn, alternating which goes first, so a noisy moment hits both alike.
 * The "before" build is a copy of the plugins at an older commit:
 *
 *   git archive <commit> package.json plugins core bench tools test/eval schemas | tar -x -C <dir>  (and link node_modules)
 *   npx tsx tools/bench/prompt-scorer-timing.ts <dir> [texts, default 400]
 *
 * Without a directory only the current build is timed (for `node --cpu-prof`). Besides the
 * benchmark's prompts (most of which hold an attack), prompt_guard is timed on benign 4 KB
 * prompts of pasted material (the test split's long prompts, test/eval/datasets/long-prompts.ts),
 * which its first stage cannot settle and reads fully.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { datasetPrompts } from '../../bench/detectors.js';
import { DATASETS_DIR } from '../../test/eval/datasets/datasets-dir.js';
import { loadDirectSamples } from '../../test/eval/datasets/direct-data.js';
import { loadCleanContexts } from '../../test/eval/datasets/bipia-data.js';
import { longPrompts } from '../../test/eval/datasets/long-prompts.js';

interface Build {
  name: string;
  guard: (text: string) => unknown;
  indirect: (text: string) => unknown;
}

async function load(name: string, root: string): Promise<Build> {
  const at = (path: string) => pathToFileURL(resolve(root, path)).href;
  const { InjectionScorer } = (await import(at('plugins/prompt-guard/scorer.ts'))) as typeof import('../../plugins/prompt-guard/scorer.js');
  const { promptGuardModel } = (await import(at('plugins/prompt-guard/model-file.ts'))) as typeof import('../../plugins/prompt-guard/model-file.js');
  const { IndirectScorer } = (await import(at('plugins/indirect-prompt-injection/scorer.ts'))) as typeof import('../../plugins/indirect-prompt-injection/scorer.js');
  const { indirectModel } = (await import(at('plugins/indirect-prompt-injection/model-file.ts'))) as typeof import('../../plugins/indirect-prompt-injection/model-file.js');
  const guard = new InjectionScorer(promptGuardModel(), { decodeEncodings: true, hiddenTextConfidence: 0.9, allowPhrases: [], maxChars: 12000 });
  const indirect = new IndirectScorer(indirectModel(), { decodeEncodings: true, hiddenTextConfidence: 0.9, allowPhrases: [], maxChars: 8000 });
  return { name, guard: (t) => guard.score(t), indirect: (t) => indirect.score(t) };
}

function quantiles(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(3);
  return `p50 ${q(0.5)} ms  p99 ${q(0.99)} ms`;
}

async function main() {
  const [baseline, countArg] = process.argv.slice(2);
  const count = Number(countArg ?? 400);
  const builds = [await load('after', resolve('.'))];
  if (baseline) builds.unshift(await load('before', baseline));
  const texts = datasetPrompts(count + 50);
  const benign = longPrompts(loadDirectSamples(DATASETS_DIR), loadCleanContexts(DATASETS_DIR), 'test').filter((p) => p.label === 0).map((p) => p.text);
  // Warm-up on texts that are not timed.
  for (const b of builds) for (const { user, tool } of texts.slice(count)) {
    b.guard(user);
    b.indirect(tool);
  }
  const times = builds.map(() => ({ guard: [] as number[], indirect: [] as number[], benign: [] as number[] }));
  for (let i = 0; i < count; i++) {
    const { user, tool } = texts[i];
    for (let k = 0; k < builds.length; k++) {
      const j = (i + k) % builds.length;
      let t = performance.now();
      builds[j].guard(user);
      times[j].guard.push(performance.now() - t);
      t = performance.now();
      builds[j].indirect(tool);
      times[j].indirect.push(performance.now() - t);
      const pasted = benign[i % benign.length];
      t = performance.now();
      builds[j].guard(pasted);
      times[j].benign.push(performance.now() - t);
    }
  }
  builds.forEach((b, j) => {
    console.log(`${b.name.padEnd(6)} prompt_guard (4 KB)               ${quantiles(times[j].guard)}`);
    console.log(`${b.name.padEnd(6)} prompt_guard (4 KB benign pasted) ${quantiles(times[j].benign)}`);
    console.log(`${b.name.padEnd(6)} indirect_prompt_injection (512 B) ${quantiles(times[j].indirect)}`);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Throwaway timing of the prompt_guard and indirect_prompt_injection scorers, before against
 * after in one run: each never-repeating 4 KB dataset prompt (and 512-character tool result) is
 * scored by both builds in turn, alternating which goes first, so a noisy moment hits both alike.
 * The "before" build is a copy of the plugins at an older commit:
 *
 *   git archive <commit> package.json plugins core bench tools test/eval schemas | tar -x -C <dir>  (and link node_modules)
 *   npx tsx tools/bench/prompt-scorer-timing.ts <dir> [texts, default 400] [repeats, default 1]
 *
 * Each line gives the median, the mean and the 99th percentile of one evaluation's time. With
 * `repeats` above 1 each text is timed that many times per build (still alternating) and its
 * fastest time counts: on a busy host that keeps the moments the process was not running out of
 * the mean and the 99th percentile.
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

/** The median, mean and 99th percentile of `ms`: the mean is what a core's evaluations per second pay, the few costly texts included. */
function quantiles(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(3);
  const mean = s.reduce((sum, x) => sum + x, 0) / s.length;
  return `p50 ${q(0.5)} ms  mean ${mean.toFixed(3)} ms  p99 ${q(0.99)} ms`;
}

async function main() {
  const [baseline, countArg, repeatArg] = process.argv.slice(2);
  const count = Number(countArg ?? 400);
  const repeats = Number(repeatArg ?? 1);
  const builds = [await load('after', resolve('.'))];
  if (baseline) builds.unshift(await load('before', baseline));
  const texts = datasetPrompts(count + 50);
  const benign = longPrompts(loadDirectSamples(DATASETS_DIR), loadCleanContexts(DATASETS_DIR), 'test').filter((p) => p.label === 0).map((p) => p.text);
  // Warm-up on texts that are not timed.
  for (const b of builds) for (const { user, tool } of texts.slice(count)) {
    b.guard(user);
    b.indirect(tool);
  }
  // Each text's fastest of `repeats` timings per build: a moment the process was not running
  // (a busy host) is left out, what the text itself costs is kept.
  const times = builds.map(() => ({ guard: new Array<number>(count).fill(Infinity), indirect: new Array<number>(count).fill(Infinity), benign: new Array<number>(count).fill(Infinity) }));
  const timed = (list: number[], i: number, work: () => unknown) => {
    const t = performance.now();
    work();
    list[i] = Math.min(list[i], performance.now() - t);
  };
  for (let i = 0; i < count; i++) {
    const { user, tool } = texts[i];
    const pasted = benign[i % benign.length];
    for (let r = 0; r < repeats; r++) {
      for (let k = 0; k < builds.length; k++) {
        const j = (i + r + k) % builds.length;
        timed(times[j].guard, i, () => builds[j].guard(user));
        timed(times[j].indirect, i, () => builds[j].indirect(tool));
        timed(times[j].benign, i, () => builds[j].guard(pasted));
      }
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

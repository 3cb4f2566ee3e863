/**
 * Throwaway timing of prompt_guard on benign long prompts alone, for `node --cpu-prof`: the test
 * split's 4 KB prompts of pasted material (test/eval/datasets/long-prompts.ts), which no first-stage
 * view settles, so every one gets the full reading. Prints the median of the timed half and how
 * many texts the first stage settled (none, for these).
 *
 *   node --import tsx --cpu-prof --cpu-prof-dir=<dir> tools/bench/prompt-benign-profile.ts [texts, default 3000]
 */
import { InjectionScorer } from '../../plugins/prompt-guard/scorer.js';
import { promptGuardModel } from '../../plugins/prompt-guard/model-file.js';
import { DATASETS_DIR } from '../../test/eval/datasets/datasets-dir.js';
import { loadDirectSamples } from '../../test/eval/datasets/direct-data.js';
import { loadCleanContexts } from '../../test/eval/datasets/bipia-data.js';
import { longPrompts } from '../../test/eval/datasets/long-prompts.js';

const benign = longPrompts(loadDirectSamples(DATASETS_DIR), loadCleanContexts(DATASETS_DIR), 'test')
  .filter((p) => p.label === 0)
  .map((p) => p.text);
const guard = new InjectionScorer(promptGuardModel(), { decodeEncodings: true, hiddenTextConfidence: 0.9, allowPhrases: [], maxChars: 12000 });
const count = Number(process.argv[2] ?? 3000);
// Warm-up on the same texts, untimed.
for (let i = 0; i < count; i++) guard.score(benign[i % benign.length]);
const ms: number[] = [];
for (let i = 0; i < count; i++) {
  const t = performance.now();
  guard.score(benign[i % benign.length]);
  ms.push(performance.now() - t);
}
ms.sort((a, b) => a - b);
console.log(`prompt_guard (4 KB benign pasted, ${benign.length} texts) p50 ${ms[count >> 1].toFixed(3)} ms; settled early ${guard.readings.early}, read fully ${guard.readings.full}`);

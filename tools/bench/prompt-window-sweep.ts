/**
 * Throwaway experiment: what reading a long prompt in other windows would do to prompt_guard's
 * quality and cost, without changing the scorer. For each reading plan (window length, stride,
 * whether the whole text's plain view is scored too) it scores the development split's 4 KB
 * prompts (benign pasted material, and each test attack buried in such text:
 * test/eval/datasets/long-prompts.ts) as the full reading would: the highest calibrated score of
 * the plan's windows and the text's other views (plain when asked, de-obfuscated, decoded), the
 * attack cues' 0.9 when a cue fires in those views (cues never read windows), and the hidden-text
 * floor. The first stage's stop at 0.99 changes no verdict at the default threshold, so it is left
 * out. The plan "1000/750 +plain" is today's reading: its row equals the eval's
 * "long: 4 KB pasted text, attacks buried" row (`npm run eval:detectors -- prompt_guard`).
 *
 * The cost column times reading the plan's windows each on its own (folded and scored without a
 * whole-text index) over the benign prompts; it is a comparison between plans, not the
 * detector's latency.
 *
 * `--seed=N` builds the long prompts with another seed (other filler, attacks buried elsewhere):
 * a plan whose figures hold only at the eval's seed holds by where the attacks happen to sit.
 *
 *   npx tsx tools/bench/prompt-window-sweep.ts [--seed=N] [plan ...]   (plan: WINDOW/STRIDE[+plain], e.g. 1000/750+plain 1000/850)
 */
import { InjectionScorer, type TextView } from '../../plugins/prompt-guard/scorer.js';
import { promptGuardModel } from '../../plugins/prompt-guard/model-file.js';
import { CUE_CONFIDENCE, strongestCue } from '../../plugins/prompt-guard/attack-cues.js';
import { DATASETS_DIR } from '../../test/eval/datasets/datasets-dir.js';
import { loadDirectSamples } from '../../test/eval/datasets/direct-data.js';
import { loadCleanContexts } from '../../test/eval/datasets/bipia-data.js';
import { LONG_PROMPT_DEFAULTS, longPrompts } from '../../test/eval/datasets/long-prompts.js';

/** One way of reading a long prompt: windows of `window` characters every `stride`, and the whole text's plain view or not. */
interface Plan {
  window: number;
  stride: number;
  plain: boolean;
}

const DEFAULT_PLANS = ['1000/750+plain', '1000/750', '1000/850', '1000/900', '1000/800', '1200/900', '1300/1100', '1500/1250', '2000/1750', '2000/1500'];

function parsePlan(spec: string): Plan {
  const match = /^(\d+)\/(\d+)(\+plain)?$/.exec(spec);
  if (!match || Number(match[2]) > Number(match[1])) throw new Error(`a plan is WINDOW/STRIDE[+plain] with STRIDE <= WINDOW, not "${spec}"`);
  return { window: Number(match[1]), stride: Number(match[2]), plain: match[3] !== undefined };
}

/** Window starts of a text of `length` characters: every stride, the last window reaching the end. */
function windowStarts(length: number, plan: Plan): number[] {
  const starts: number[] = [];
  for (let start = 0; start < length - (plan.window - plan.stride); start += plan.stride) starts.push(start);
  return starts;
}

const model = promptGuardModel();
const scorer = new InjectionScorer(model, { decodeEncodings: true, hiddenTextConfidence: 0.9, allowPhrases: [], maxChars: 12000 });
const threshold = model.threshold;

/** What does not depend on the plan, per prompt: the best logit of the plain view and of the other views, and the cue and hidden-text floors. */
interface Fixed {
  text: string;
  positive: boolean;
  plainLogit: number;
  otherLogit: number;
  floor: number;
}

function fixedPart(text: string, positive: boolean): Fixed {
  const { folded, views } = scorer.views(text);
  let otherLogit = -Infinity;
  for (let i = 1; i < views.length; i++) otherLogit = Math.max(otherLogit, scorer.logitOf(views[i]));
  const hidden = folded.tagText.replace(/[^a-z]/gi, '').length >= 4 ? 0.9 : 0;
  const cue = strongestCue(views) ? CUE_CONFIDENCE : 0;
  return { text, positive, plainLogit: scorer.logitOf(views[0]), otherLogit, floor: Math.max(hidden, cue) };
}

/** The window views of `text` under `plan`, each folded on its own. */
function windows(text: string, plan: Plan): TextView[] {
  return windowStarts(text.length, plan).map((start) => ({ ...scorer.plainReading(text.slice(start, start + plan.window)).views[0], kind: 'window' as const }));
}

function scoreWith(prompt: Fixed, plan: Plan): number {
  let best = Math.max(prompt.otherLogit, plan.plain ? prompt.plainLogit : -Infinity);
  for (const view of windows(prompt.text, plan)) best = Math.max(best, scorer.logitOf(view));
  return Math.max(model.probability(best), prompt.floor);
}

function main() {
  const args = process.argv.slice(2);
  const seedArg = args.find((arg) => arg.startsWith('--seed='));
  const seed = seedArg ? Number(seedArg.slice('--seed='.length)) : LONG_PROMPT_DEFAULTS.seed;
  if (!Number.isInteger(seed)) throw new Error(`--seed takes an integer, not "${seedArg}"`);
  const specs = args.filter((arg) => arg !== seedArg);
  const plans = (specs.length > 0 ? specs : DEFAULT_PLANS).map((spec) => ({ spec, plan: parsePlan(spec) }));
  const samples = loadDirectSamples(DATASETS_DIR).filter((s) => s.split === 'test');
  const contexts = loadCleanContexts(DATASETS_DIR).filter((c) => c.split === 'test');
  const prompts = longPrompts(samples, contexts, 'test', { ...LONG_PROMPT_DEFAULTS, seed }).map((p) => fixedPart(p.text, p.label === 1));
  const positives = prompts.filter((p) => p.positive).length;
  const benign = prompts.filter((p) => !p.positive);
  console.log(`long prompts (seed ${seed}): ${positives} attacks buried, ${benign.length} benign; threshold ${threshold}`);
  console.log('plan             recall%  FPR%   windows/text  window reading (benign, ms/text)');
  for (const { spec, plan } of plans) {
    let caught = 0;
    let falsePositives = 0;
    let windowCount = 0;
    for (const prompt of prompts) {
      const hit = scoreWith(prompt, plan) >= threshold;
      if (prompt.positive && hit) caught++;
      if (!prompt.positive && hit) falsePositives++;
      windowCount += windowStarts(prompt.text.length, plan).length;
    }
    // Warm, then time the plan's window reading alone on the benign prompts.
    for (const prompt of benign) for (const view of windows(prompt.text, plan)) scorer.logitOf(view);
    const started = performance.now();
    for (const prompt of benign) for (const view of windows(prompt.text, plan)) scorer.logitOf(view);
    const perText = (performance.now() - started) / benign.length;
    console.log(
      `${spec.padEnd(16)} ${((100 * caught) / positives).toFixed(1).padStart(7)}  ${((100 * falsePositives) / benign.length).toFixed(1).padStart(4)}  ${(windowCount / prompts.length).toFixed(2).padStart(12)}  ${perText.toFixed(3)}`,
    );
  }
}

main();

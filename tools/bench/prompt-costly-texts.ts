/**
 * Which of the evaluate benchmark's never-repeating texts cost prompt_guard most, and where their
 * time goes. Each user prompt of `datasetPrompts(n)` (the only segment the detector reads with
 * its default sources; the tool result is a `tool_result`) is scored warm, best of 3; the tool
 * prints the median, mean and p99 over all texts, how the costliest 5% were read (settled by the
 * first stage, or read fully) and, for those read fully, what each part of the second stage costs
 * (the whole text's folding, the de-obfuscated view, the decoded payloads, scoring the views, the
 * attack cues), timed part by part outside the scorer.
 *
 *   npx tsx tools/bench/prompt-costly-texts.ts [texts, default 3000]
 *   node --import tsx --cpu-prof --cpu-prof-dir=<dir> tools/bench/prompt-costly-texts.ts 3000 profile
 *
 * With `profile` it then scores only the costliest 5% in a loop for a few seconds, for the profiler.
 */
import { datasetPrompts } from '../../bench/detectors.js';
import { InjectionScorer } from '../../plugins/prompt-guard/scorer.js';
import { promptGuardModel } from '../../plugins/prompt-guard/model-file.js';
import { strongestCue } from '../../plugins/prompt-guard/attack-cues.js';
import { deobfuscate } from '../../plugins/prompt-guard/deobfuscate.js';
import { decodePayloads } from '../../plugins/shared/prompt-features/decoders.js';
import { foldText, isAscii } from '../../plugins/shared/prompt-features/normalize.js';

const count = Number(process.argv[2] ?? 3000);
const profile = process.argv[3] === 'profile';
const model = promptGuardModel();
const scorer = new InjectionScorer(model, { decodeEncodings: true, hiddenTextConfidence: 0.9, allowPhrases: [], maxChars: 12000 });
const texts = datasetPrompts(count).map(({ user }) => user);

/** The best of `runs` timings of `work`, in ms. */
function bestOf(runs: number, work: () => unknown): number {
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    work();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

const summary = (ms: readonly number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return `median ${s[s.length >> 1].toFixed(3)} ms  mean ${mean.toFixed(3)} ms  p99 ${s[Math.floor(0.99 * s.length)].toFixed(3)} ms`;
};

// Warm-up, untimed.
for (const text of texts) scorer.score(text);
const timed = texts.map((text) => {
  const before = scorer.readings.full;
  const ms = bestOf(3, () => scorer.score(text));
  return { text, ms, full: scorer.readings.full > before };
});
console.log(`prompt_guard on ${count} never-repeating 4 KB prompts (warm, best of 3): ${summary(timed.map((t) => t.ms))}`);
const early = timed.filter((t) => !t.full);
const full = timed.filter((t) => t.full);
const share = (part: readonly { ms: number }[]) => part.reduce((a, t) => a + t.ms, 0);
const total = share(timed);
console.log(`  settled by the first stage: ${early.length} texts, ${summary(early.map((t) => t.ms))}, ${((100 * share(early)) / total).toFixed(0)}% of the time`);
console.log(`  read fully:                 ${full.length} texts, ${summary(full.map((t) => t.ms))}, ${((100 * share(full)) / total).toFixed(0)}% of the time`);

const costly = [...timed].sort((a, b) => b.ms - a.ms).slice(0, Math.ceil(timed.length / 20));
console.log(`costliest 5% (${costly.length} texts, from ${costly[costly.length - 1].ms.toFixed(3)} ms): ${costly.filter((t) => t.full).length} read fully; ${((100 * share(costly)) / total).toFixed(0)}% of all time`);

// The second stage part by part, on the costly texts read fully (as scorer.ts reads them).
const parts = { windows: 0, folding: 0, deobfuscated: 0, decoded: 0, viewScores: 0, cues: 0, decodedViews: 0, deobfuscatedViews: 0 };
for (const { text, full: readFully } of costly) {
  if (!readFully) continue;
  const windows = scorer.windowViews(text).views.filter((v) => v.kind === 'window');
  parts.windows += bestOf(3, () => windows.forEach((v) => scorer.logitOf({ ...v, shared: undefined })));
  const ascii = isAscii(text);
  parts.folding += bestOf(3, () => foldText(text, ascii));
  const folded = foldText(text, ascii).text;
  parts.deobfuscated += bestOf(3, () => deobfuscate(folded));
  parts.decoded += bestOf(3, () => decodePayloads(text, ascii).map((p) => foldText(p.text)));
  const views = scorer.views(text).views;
  parts.deobfuscatedViews += views.filter((v) => v.kind === 'deobfuscated').length;
  parts.decodedViews += views.filter((v) => v.kind === 'decoded').length;
  parts.viewScores += bestOf(3, () => views.slice(1).forEach((v) => scorer.logitOf(v)));
  parts.cues += bestOf(3, () => strongestCue(views));
}
const fully = costly.filter((t) => t.full).length || 1;
console.log(`per costly text read fully (mean, each part timed alone): ` +
  `windows scored ${(parts.windows / fully).toFixed(3)} ms, whole folding ${(parts.folding / fully).toFixed(3)} ms, ` +
  `de-obfuscation ${(parts.deobfuscated / fully).toFixed(3)} ms, decoding ${(parts.decoded / fully).toFixed(3)} ms, ` +
  `scoring the other views ${(parts.viewScores / fully).toFixed(3)} ms, attack cues ${(parts.cues / fully).toFixed(3)} ms; ` +
  `views per text: de-obfuscated ${(parts.deobfuscatedViews / fully).toFixed(2)}, decoded ${(parts.decodedViews / fully).toFixed(2)}`);

if (profile) {
  const until = performance.now() + 8000;
  let n = 0;
  while (performance.now() < until) for (const { text } of costly) (scorer.score(text), n++);
  console.log(`profiled ${n} scorings of the costly texts`);
}

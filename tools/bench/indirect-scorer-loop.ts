/**
 * indirect_prompt_injection's scorer alone on the detector benchmark's tool texts (the 512-byte
 * tool results of `datasetPrompts`), in a steady loop: the fastest of `rounds` rounds in
 * microseconds per text, with the units per text and their mean length. A loop to profile
 * (`node --import tsx --cpu-prof --cpu-prof-dir=<dir> tools/bench/indirect-scorer-loop.ts`).
 *
 *   npx tsx tools/bench/indirect-scorer-loop.ts [texts] [rounds]
 */
import { performance } from 'node:perf_hooks';
import { datasetPrompts } from '../../bench/detectors.js';
import { IndirectScorer } from '../../plugins/indirect-prompt-injection/scorer.js';
import { indirectModel } from '../../plugins/indirect-prompt-injection/model-file.js';

const [countArg, roundsArg] = process.argv.slice(2);
const texts = datasetPrompts(Number(countArg ?? 3000)).map((p) => p.tool);
const rounds = Number(roundsArg ?? 20);
const scorer = new IndirectScorer(indirectModel(), { decodeEncodings: true, hiddenTextConfidence: 0.9, allowPhrases: [], maxChars: 20000 });
let units = 0;
let chars = 0;
for (const text of texts) {
  for (const unit of scorer.units(text).units) {
    units++;
    chars += unit.length;
  }
}
let best = Infinity;
let sink = 0;
for (let round = 0; round < rounds; round++) {
  const t0 = performance.now();
  for (const text of texts) sink += scorer.score(text).confidence;
  best = Math.min(best, ((performance.now() - t0) * 1000) / texts.length);
}
console.log(`indirect score ${best.toFixed(1)} µs/text, ${(units / texts.length).toFixed(2)} units/text of ${(chars / units).toFixed(1)} characters (checksum ${sink.toFixed(6)})`);

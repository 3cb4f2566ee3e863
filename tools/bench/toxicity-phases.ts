/**
 * Where the toxicity detector's time goes, phase by phase, on never-repeating 4 KB dataset
 * prompts (and their 512-byte tool results): normalization up to its last step, that step
 * (tidying) written into the window scorer with the walk that files the words and their hashes,
 * that plus the look-up of every word in a word memo (as the text scorer reads them), tidying
 * plus the model's windows, and the whole inspection. Each figure is
 * the fastest of nine rounds over the same requests (the machine is shared: other work only ever
 * adds time), in microseconds per request.
 *
 *   npx tsx tools/bench/toxicity-phases.ts [requests]     (default 800)
 *   PHASE=inspect node --cpu-prof ...                      (only that phase, for a CPU profile)
 */
import { performance } from 'node:perf_hooks';
import { SegmentMemo } from '../../core/guardrail/segment-memo.js';
import { validatorFor } from '../../core/schema/ajv.js';
import { variedRequests } from '../../bench/detectors.js';
import toxicity from '../../plugins/toxicity/index.js';
import { untidied } from '../../plugins/toxicity/normalize.js';
import { toxicityModel } from '../../plugins/toxicity/model.js';
import { WindowScorer } from '../../plugins/toxicity/window-scorer.js';
import { WordMemo } from '../../plugins/toxicity/word-memo.js';
import { phraseCues, wordTags } from '../../plugins/toxicity/lexicon.js';
import { profanityMatcher } from '../../plugins/toxicity/profanity-matcher.js';

SegmentMemo.disabled = true;
const count = Number(process.argv[2] ?? 800);
const requests = variedRequests(count);
const texts = requests.flatMap((r) => r.segments.map((s) => s.text));
// Texts with astral characters take normalizeText's expressions instead: left out of the phases.
const settings = {};
validatorFor(toxicity.schemaId)(settings);
const detector = toxicity.create(settings as never);
const scorer = new WindowScorer(toxicityModel());
const letters = texts.map((t) => untidied(t)).filter((s): s is string => s !== undefined);
// What a word says, read as the text scorer reads it (without allow words).
const matcher = profanityMatcher();
const memo = new WordMemo((word) => ({ tags: [...wordTags(word), ...matcher.wordTags(word)], cues: phraseCues(word) }));

const phases: Record<string, () => void> = {
  'normalize (untidied)': () => {
    for (const t of texts) untidied(t);
  },
  'tidy+words': () => {
    for (const s of letters) scorer.loadTidied(s);
  },
  'tidy+words+look-ups': () => {
    for (const s of letters) {
      scorer.loadTidied(s);
      for (let k = 0; k < scorer.wordCount; k++) memo.findInUnits(scorer.units, scorer.wordStart(k), scorer.wordEnd(k), scorer.wordHash(k));
    }
  },
  'tidy+words+windows': () => {
    for (const s of letters) {
      scorer.loadTidied(s);
      scorer.mostToxicWindow();
    }
  },
  inspect: () => {
    for (const r of requests) detector.inspect(r);
  },
};

const only = process.env.PHASE;
const best = new Map<string, number>();
for (let round = 0; round < 10; round++) {
  for (const [name, run] of Object.entries(phases)) {
    if (only && name !== only) continue;
    const t0 = performance.now();
    run();
    const us = ((performance.now() - t0) * 1000) / count;
    // Round 0 warms the code up.
    if (round > 0) best.set(name, Math.min(best.get(name) ?? Infinity, us));
  }
}
console.log([...best].map(([name, us]) => `${name} ${us.toFixed(0)} µs/request`).join('  '));

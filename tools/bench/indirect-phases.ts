/**
 * indirect_prompt_injection's inspection time on the detector benchmark's never-repeating
 * requests (a 4 KB prompt and a 512-byte tool result, which is what it reads), the fastest of
 * twenty rounds in microseconds per request: a steady loop to profile
 * (`node --import tsx --cpu-prof --cpu-prof-dir=<dir> tools/bench/indirect-phases.ts`) and to see
 * how the scorer's time splits between plugins/shared/prompt-features and this plugin's files.
 */
import { performance } from 'node:perf_hooks';
import { SegmentMemo } from '../../core/guardrail/segment-memo.js';
import { validatorFor } from '../../core/schema/ajv.js';
import { variedRequests } from '../../bench/detectors.js';
import indirect from '../../plugins/indirect-prompt-injection/index.js';

// Every request is read, even one seen in an earlier round.
SegmentMemo.disabled = true;
const count = 800;
const requests = variedRequests(count);
const settings = {};
validatorFor(indirect.schemaId)(settings);
const detector = indirect.create(settings as never);
let best = Infinity;
for (let round = 0; round < 20; round++) {
  const t0 = performance.now();
  for (const request of requests) detector.inspect(request);
  best = Math.min(best, ((performance.now() - t0) * 1000) / count);
}
console.log(`indirect inspect ${best.toFixed(1)} µs/request`);

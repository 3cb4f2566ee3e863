/**
 * indirect_prompt_injection before/after: times two builds of the detector on the same
 * never-repeating requests as the detector benchmark's `varied` mode (a 4 KB prompt and a
 * 512-byte tool result, which is what this detector reads), interleaved request by request, in
 * CPU time of this process, and checks their hits are identical.
 *
 *   npx tsx tools/bench/indirect-ab.ts <before-plugin-dir> [iterations]
 *
 * `<before-plugin-dir>`: the plugin folder of the build to compare, inside a tree that also holds
 * its core and plugins/shared (e.g. `git archive <commit> plugins core | tar -x -C <dir>`, with
 * node_modules linked), so the before build runs with the shared code it had.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Detector, InspectionRequest } from '../../core/guardrail/detector.js';
import { SegmentMemo } from '../../core/guardrail/segment-memo.js';
import { validatorFor } from '../../core/schema/ajv.js';
import { variedRequests } from '../../bench/detectors.js';
import { quantile as q, timeInterleaved } from './interleaved-inspections.js';

SegmentMemo.disabled = true;
const [beforeDir, iterationsArg] = process.argv.slice(2);
if (!beforeDir) throw new Error('usage: indirect-ab.ts <before-plugin-dir> [iterations]');
const iterations = Number(iterationsArg ?? 1200);

/** The detector of a plugin folder, with its default settings. */
async function build(folder: string): Promise<Detector> {
  const mod = (await import(pathToFileURL(resolve(folder, 'index.ts')).href)) as { default: { schemaId: string; create(s: unknown): Detector } };
  // The before tree has its own SegmentMemo: its memo must not answer either.
  const memo = (await import(pathToFileURL(resolve(folder, '../../core/guardrail/segment-memo.ts')).href)) as { SegmentMemo: { disabled: boolean } };
  memo.SegmentMemo.disabled = true;
  const settings = {};
  validatorFor(mod.default.schemaId)(settings);
  return mod.default.create(settings);
}

const requests: InspectionRequest[] = variedRequests(iterations);
const builds: Array<[string, Detector]> = [
  ['before', await build(beforeDir)],
  ['after', await build('plugins/indirect-prompt-injection')],
];
const { cpu: samples, mismatches } = timeInterleaved(builds, requests, iterations);
for (let b = 0; b < builds.length; b++) console.log(`${builds[b][0].padEnd(8)} cpu p50 ${q(samples[b], 0.5).toFixed(3)} ms  p90 ${q(samples[b], 0.9).toFixed(3)} ms  p99 ${q(samples[b], 0.99).toFixed(3)} ms`);
console.log(`requests whose hits differ: ${mismatches} of ${iterations * 2}`);

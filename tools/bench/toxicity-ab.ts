/**
 * Toxicity before/after: times two builds of the toxicity detector on the same never-repeating
 * 4 KB dataset prompts, interleaved request by request, in CPU time of this process, and checks
 * their hits are identical. The "before" build is a copy of plugins/toxicity in
 * .portcullis-bench/toxicity-before (ignored by git), made before changing anything:
 * `mkdir -p .portcullis-bench && cp -r plugins/toxicity .portcullis-bench/toxicity-before`. Not under
 * plugins/: the plugin host loads every folder there, and a second detector named `toxicity`
 * would replace the real one in everything that builds a host (the parity recording, the
 * evaluation, the benchmarks).
 *
 *   npx tsx tools/bench/toxicity-ab.ts [iterations]        (TOX_ONLY=after: time only the new build, for --cpu-prof)
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Detector, InspectionRequest } from '../../core/guardrail/detector.js';
import { SegmentMemo } from '../../core/guardrail/segment-memo.js';
import { validatorFor } from '../../core/schema/ajv.js';
import { variedRequests } from '../../bench/detectors.js';
import { quantile as q, timeInterleaved } from './interleaved-inspections.js';

SegmentMemo.disabled = true;
const iterations = Number(process.argv[2] ?? 1200);
const only = process.env.TOX_ONLY;

/** A build by its folder, relative to the repository (at the depth of plugins/x, so its own imports resolve). */
async function build(folder: string): Promise<Detector> {
  if (!existsSync(fileURLToPath(new URL(`../../${folder}/index.ts`, import.meta.url)))) {
    console.error(`no build in ${folder}: copy the version to compare there first (see this file's header)`);
    process.exit(2);
  }
  const mod = (await import(`../../${folder}/index.js`)) as { default: { schemaId: string; create(s: unknown): Detector } };
  const settings = {};
  validatorFor(mod.default.schemaId)(settings);
  return mod.default.create(settings);
}

const requests: InspectionRequest[] = variedRequests(iterations);
const builds: Array<[string, Detector]> = [];
const BEFORE = '.portcullis-bench/toxicity-before';
const AFTER = 'plugins/toxicity';
// TOX_BUILDS: other folders to time beside them (variants of a change, also outside plugins/), comma-separated.
const folders = only === 'after' ? [AFTER] : only === 'before' ? [BEFORE] : [BEFORE, AFTER, ...(process.env.TOX_BUILDS?.split(',').filter(Boolean) ?? [])];
for (const folder of folders) builds.push([folder === BEFORE ? 'before' : folder === AFTER ? 'after' : folder, await build(folder)]);

const { cpu: samples, wall, mismatches } = timeInterleaved(builds, requests, iterations);
for (let b = 0; b < builds.length; b++) {
  console.log(
    `${builds[b][0].padEnd(16)} cpu p50 ${q(samples[b], 0.5).toFixed(3)} ms  p99 ${q(samples[b], 0.99).toFixed(3)} ms   wall p50 ${q(wall[b], 0.5).toFixed(3)} ms  p99 ${q(wall[b], 0.99).toFixed(3)} ms`,
  );
}
if (builds.length > 1) console.log(`requests whose hits differ: ${mismatches} of ${iterations * 2}`);

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
import { performance } from 'node:perf_hooks';
import type { Detector, InspectionRequest } from '../../core/guardrail/detector.js';
import { SegmentMemo } from '../../core/guardrail/segment-memo.js';
import { validatorFor } from '../../core/schema/ajv.js';
import { variedRequests } from '../../bench/detectors.js';

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

const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
for (let i = 0; i < 300; i++) for (const [, d] of builds) d.inspect(requests[i % requests.length]);
const samples = builds.map(() => new Float64Array(iterations * 2));
const wall = builds.map(() => new Float64Array(iterations * 2));
let mismatches = 0;
for (let pass = 0; pass < 2; pass++) {
  for (let i = 0; i < iterations; i++) {
    const request = requests[(i + pass * 7) % requests.length];
    const results: string[] = [];
    // Alternate which build goes first, so neither always runs on a warmer cache.
    for (let k = 0; k < builds.length; k++) {
      const b = (k + i) % builds.length;
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const hits = builds[b][1].inspect(request);
      wall[b][pass * iterations + i] = performance.now() - t0;
      samples[b][pass * iterations + i] = cpuMs(process.cpuUsage(c0));
      results[b] = JSON.stringify(hits);
    }
    if (results.some((r) => r !== results[0])) mismatches++;
  }
}
const q = (a: Float64Array, p: number) => a.sort()[Math.min(a.length - 1, Math.floor(p * a.length))];
for (let b = 0; b < builds.length; b++) {
  console.log(
    `${builds[b][0].padEnd(16)} cpu p50 ${q(samples[b], 0.5).toFixed(3)} ms  p99 ${q(samples[b], 0.99).toFixed(3)} ms   wall p50 ${q(wall[b], 0.5).toFixed(3)} ms  p99 ${q(wall[b], 0.99).toFixed(3)} ms`,
  );
}
if (builds.length > 1) console.log(`requests whose hits differ: ${mismatches} of ${iterations * 2}`);

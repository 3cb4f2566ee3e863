/**
 * `npx tsx tools/bench/detector-allocation.ts [detector ...]`: the bytes each detector allocates per
 * inspection of the detectors benchmark's request (a 4 KB prompt and a 512-byte tool result),
 * and the functions that allocate them. Allocation sets how often young-generation collections
 * come; at the evaluate scenario's rate each one is about a millisecond on the request it lands
 * on, so it shows in the p99 once more than one request in a hundred meets one.
 *
 * V8's sampling heap profiler counts objects that later collections free as well, so the figure
 * is what the inspection allocates, not what it keeps. BENCH_ALLOC_TOP sets how many functions
 * are listed per detector (default 8); BENCH_DETECTOR_TEXT=varied inspects prompts cut from the
 * shared datasets instead (as in bench/detectors.ts).
 */
import { Session } from 'node:inspector/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Detector, InspectionRequest } from '../../core/guardrail/detector.js';
import { benchDetectors, benchRequest, variedRequests } from '../../bench/detectors.js';

const INSPECTIONS = 2000;
/** Bytes between samples; small enough that a 1 KB-per-inspection difference shows. */
const SAMPLING_INTERVAL = 256;
const TOP = Number(process.env.BENCH_ALLOC_TOP ?? 8);
const root = fileURLToPath(new URL('../..', import.meta.url));

interface SamplingNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: SamplingNode[];
}

/** Self bytes by function over the sampled tree. */
function bytesByFunction(node: SamplingNode, into = new Map<string, number>()): Map<string, number> {
  if (node.selfSize > 0) {
    const { functionName, url } = node.callFrame;
    const file = url.startsWith('file://') ? relative(root, fileURLToPath(url)) : url || '(native)';
    const name = `${functionName || '(anonymous)'} ${file}`;
    into.set(name, (into.get(name) ?? 0) + node.selfSize);
  }
  for (const child of node.children) bytesByFunction(child, into);
  return into;
}

async function inspectAll(detector: Detector, requests: InspectionRequest[]) {
  for (const request of requests) {
    const result = detector.inspect(request);
    if (result instanceof Promise) await result;
  }
}

const varied = process.env.BENCH_DETECTOR_TEXT === 'varied';
/** The requests, built before sampling so that only the detectors' allocation is counted. */
const requests = (count: number, offset: number) =>
  varied ? variedRequests(offset + count).slice(offset) : Array.from({ length: count }, (_, i) => benchRequest(offset + i));

const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
const summary = [];
for (const [name, detector] of await benchDetectors(process.argv.slice(2))) {
  await inspectAll(detector, varied ? requests(300, 0) : requests(300, 100_000));
  const measured = requests(INSPECTIONS, 0);
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: SAMPLING_INTERVAL,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await inspectAll(detector, measured);
  const { profile } = await session.post('HeapProfiler.stopSampling');
  const byFunction = bytesByFunction(profile.head as unknown as SamplingNode);
  const total = [...byFunction.values()].reduce((a, b) => a + b, 0);
  summary.push({ detector: name, bytes_per_inspection: Math.round(total / INSPECTIONS) });
  console.log(`\n${name}: ${Math.round(total / INSPECTIONS)} bytes per inspection`);
  for (const [name, bytes] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`  ${String(Math.round(bytes / INSPECTIONS)).padStart(8)}  ${name}`);
  }
}
session.disconnect();
console.log();
console.table(summary);

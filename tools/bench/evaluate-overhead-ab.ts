/**
 * `npx tsx tools/bench/evaluate-overhead-ab.ts <before-checkout> [rounds]` (after `npm run build`
 * here and a build in `<before-checkout>`, e.g. `git archive <commit>` unpacked beside a symlink
 * to node_modules, then `npx tsc -p tsconfig.build.json` there): the gateway CPU per evaluation of
 * two builds of the guardrail plane, interleaved, so the host's other load falls on both alike.
 *
 * Three kinds of evaluation, each on a gateway of each build pinned to the same core (the load
 * driver on the other):
 * - `every detector`: the evaluate scenario's dataset prompts (a 4 KB prompt and a 512-byte tool
 *   result, never the same text within what a detector remembers), every detector on the input;
 * - `no detector`: the same bodies, the same policy with every rule on the output, so the
 *   evaluation does all its work but the detectors' (reading, checking and locating the payload,
 *   the policy run, the verdict, Activity, metrics): what Portcullis costs around its detectors;
 * - `one word`: the bench's floor, a one-word evaluation on the every-detector gateway.
 *
 * Each sample saturates one gateway in closed loop (16 connections) for BENCH_AB_SECONDS (default
 * 5) and divides the CPU time the gateway process used (/proc, user + system, every thread) by the
 * evaluations it answered; builds alternate A B B A within a round. Prints each sample and the
 * medians. Traffic goes only to 127.0.0.1.
 */
import { resolve } from 'node:path';
import { saturate } from '../../bench/closed-loop.js';
import { createContext, type RunningGateway } from '../../bench/context.js';
import { cpuDuring } from '../../bench/process-cpu.js';
import { HAS_TASKSET, pinSelf } from '../../bench/processes.js';
import type { RequestBodies } from '../../bench/body-cycle.js';
import { evaluateDatasetBodies, evaluateFloorBody, evaluateNoDetectorSeed, evaluateSeed } from '../../bench/scenarios/evaluate.js';

const beforeRoot = process.argv[2];
if (!beforeRoot) throw new Error('usage: evaluate-overhead-ab.ts <before-checkout> [rounds]');
const rounds = Number(process.argv[3] ?? 5);
const seconds = Number(process.env.BENCH_AB_SECONDS ?? 5);

interface Build {
  name: string;
  every: RunningGateway;
  none: RunningGateway;
  /** Each gateway's own never-repeating bodies. */
  bodies: { every: RequestBodies; none: RequestBodies };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function sample(gw: RunningGateway, body: RequestBodies, durationSec = seconds): Promise<number> {
  const url = `${gw.urls.guardrail}/v1/evaluate`;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${gw.collectorKey}` };
  const { result, cpuMs } = await cpuDuring(gw.pid, () => saturate(url, body, headers, durationSec, 16));
  if (result.errors || result.non2xx) throw new Error(`${result.errors} errors and ${result.non2xx} non-2xx answers`);
  return cpuMs / Math.max(1, result.requests);
}

async function main() {
  pinSelf(1);
  const ctx = createContext({ rate: 100, durationMs: 5000, repeats: 1, soakMs: 0, gatewayCore: HAS_TASKSET ? 0 : undefined }, 'http://127.0.0.1:9');
  const builds: Build[] = [];
  for (const [name, root] of [['before', resolve(beforeRoot)], ['after', undefined]] as const) {
    const launch = root ? { root } : {};
    builds.push({
      name,
      every: await ctx.gateway(evaluateSeed, ['guardrail'], [], launch),
      none: await ctx.gateway(evaluateNoDetectorSeed, ['guardrail'], [], launch),
      bodies: { every: evaluateDatasetBodies(), none: evaluateDatasetBodies() },
    });
  }
  const kinds = {
    'every detector': (b: Build) => sample(b.every, b.bodies.every),
    'no detector': (b: Build) => sample(b.none, b.bodies.none),
    'one word': (b: Build) => sample(b.every, evaluateFloorBody()),
  };
  const results = new Map<string, number[]>();
  try {
    // V8 optimizes the per-request code over the first thousands of evaluations.
    for (const b of builds) {
      await sample(b.every, b.bodies.every, 8);
      await sample(b.none, b.bodies.none, 4);
      await sample(b.every, evaluateFloorBody(), 4);
    }
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [...builds, ...builds.slice().reverse()] : [...builds.slice().reverse(), ...builds];
      for (const [kind, run] of Object.entries(kinds)) {
        for (const b of order) {
          const ms = await run(b);
          const key = `${kind} | ${b.name}`;
          results.set(key, [...(results.get(key) ?? []), ms]);
          console.log(`round ${round + 1} ${key}: ${ms.toFixed(3)} ms CPU per evaluation`);
        }
      }
    }
  } finally {
    for (const b of builds) await Promise.all([b.every.stop(), b.none.stop()]);
  }
  console.log('\nmedian ms CPU per evaluation (before / after / after - before):');
  for (const kind of Object.keys(kinds)) {
    const before = median(results.get(`${kind} | before`)!);
    const after = median(results.get(`${kind} | after`)!);
    console.log(`${kind.padEnd(16)} ${before.toFixed(3)} / ${after.toFixed(3)} / ${(after - before).toFixed(3)}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

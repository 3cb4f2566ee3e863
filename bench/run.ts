/**
 * `npm run bench`: builds the gateway, starts a fake upstream and the gateway pinned to their
 * cores, runs the scenarios against the direct path and their peers in the same run, prints
 * Markdown tables ending with the summary of targets, and writes JSON results to bench/results/.
 * With no group named it runs the issue-35 groups (peers, evaluate, chain, workers: 15 to 20
 * minutes); `npm run bench -- chat scale` runs only those groups (peers, chat, chain, evaluate,
 * workers, detectors, scale, sync, memory, mcp), `npm run bench -- all` every group.
 * Traffic goes only to 127.0.0.1, bounded by the configured rate and duration.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createContext, type BenchSettings, type ScenarioResult } from './context.js';
import { machineFacts, report } from './report.js';
import { HAS_TASKSET, pinSelf, startFakeUpstream } from './processes.js';
import { chatScenarios } from './scenarios/chat.js';
import { consumerScaling, memory } from './scenarios/scale.js';
import { configPush } from './scenarios/config-sync.js';
import { evaluate } from './scenarios/evaluate.js';
import { policyChain } from './scenarios/policy-chain.js';
import { mcpToolCall } from './scenarios/mcp.js';
import { peers } from './scenarios/peers.js';
import { workers } from './scenarios/workers.js';
import { targetSummary } from './targets.js';
import { benchOptionsFromEnv, detectorBench } from './detectors.js';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The groups a plain `npm run bench` runs: what issue 35 asks to see in one run. */
const DEFAULT_GROUPS = ['peers', 'evaluate', 'chain', 'workers'];
const named = process.argv.slice(2);
const groups = named.length === 0 ? DEFAULT_GROUPS : named;
const wanted = (name: string) => groups.includes('all') || groups.includes(name);

const settings: BenchSettings = {
  rate: Number(process.env.BENCH_RATE ?? 200),
  durationMs: Number(process.env.BENCH_DURATION_S ?? 5) * 1000,
  repeats: Number(process.env.BENCH_REPEATS ?? 3),
  soakMs: Number(process.env.BENCH_SOAK_S ?? 30) * 1000,
  gatewayCore: HAS_TASKSET ? 0 : undefined,
  driverCore: HAS_TASKSET ? 1 : undefined,
};

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const pinned = settings.driverCore !== undefined && pinSelf(settings.driverCore);
  const upstream = await startFakeUpstream(settings.driverCore);
  const ctx = createContext(settings, upstream.url);
  const results: ScenarioResult[] = [];
  try {
    if (wanted('peers')) results.push(...(await peers(ctx)));
    if (wanted('chat')) results.push(...(await chatScenarios(ctx)));
    if (wanted('chain')) results.push(await policyChain(ctx));
    if (wanted('evaluate')) results.push(...(await evaluate(ctx)));
    if (wanted('detectors')) results.push(await detectorBench(benchOptionsFromEnv()));
    if (wanted('scale')) results.push(await consumerScaling(ctx));
    if (wanted('sync')) results.push(await configPush(ctx));
    if (wanted('mcp')) results.push(await mcpToolCall(ctx));
    if (wanted('workers')) results.push(await workers(ctx));
    if (wanted('memory')) {
      const policyType = existsSync(`${root}/plugins/request-size-limiter/index.ts`) ? 'request_size_limiter' : undefined;
      results.push(await memory(ctx, policyType));
    }
  } finally {
    await upstream.stop();
  }
  results.push(targetSummary(results));
  report(machineFacts(pinned, settings), settings, results);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

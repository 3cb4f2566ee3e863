/**
 * `npm run bench`: builds the gateway, starts a fake upstream and the gateway pinned to their
 * cores, runs every scenario against the direct path in the same run, prints Markdown tables and
 * writes JSON results to bench/results/. `npm run bench -- chat scale` runs only those groups
 * (chat, chain, evaluate, detectors, scale, sync, memory, mcp).
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
import { benchOptionsFromEnv, detectorBench } from './detectors.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const groups = process.argv.slice(2);
const wanted = (name: string) => groups.length === 0 || groups.includes(name);

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
    if (wanted('evaluate')) results.push(await evaluate(ctx));
    if (wanted('detectors')) results.push(await detectorBench(benchOptionsFromEnv()));
    if (wanted('scale')) results.push(await consumerScaling(ctx));
    if (wanted('sync')) results.push(await configPush(ctx));
    if (wanted('mcp')) results.push(await mcpToolCall(ctx));
    if (wanted('memory')) {
      const policyType = existsSync(`${root}/plugins/request-size-limiter/index.ts`) ? 'request_size_limiter' : undefined;
      results.push(await memory(ctx, policyType));
    }
  } finally {
    await upstream.stop();
  }
  report(machineFacts(pinned, settings), settings, results);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

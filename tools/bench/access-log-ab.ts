/**
 * `npx tsx tools/bench/access-log-ab.ts [rounds]` (after `npm run build`): what the access log
 * costs per request at the default `info` level, against `error` (no line written), on the
 * pass-through chat path and the one-word evaluation, gateways pinned to the same core, the
 * gateway's output going to a pipe as under a process supervisor. Prints each sample and the
 * medians of the gateway CPU per request. `BEFORE=<checkout>` (built) adds that checkout's
 * gateway at `info` to each round, for a before and after of a change to the log. Traffic goes
 * only to 127.0.0.1.
 */
import { saturate } from '../../bench/closed-loop.js';
import { createContext, type RunningGateway } from '../../bench/context.js';
import { cpuDuring } from '../../bench/process-cpu.js';
import { HAS_TASKSET, pinSelf, startFakeUpstream } from '../../bench/processes.js';
import { openaiChat } from '../../bench/bodies.js';
import { BodyCycle } from '../../bench/body-cycle.js';
import { evaluateFloorBody, evaluateSeed } from '../../bench/scenarios/evaluate.js';

const rounds = Number(process.argv[2] ?? 4);
const seconds = Number(process.env.BENCH_AB_SECONDS ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function cpuPerRequest(gw: RunningGateway, url: string, body: string, headers: Record<string, string>, durationSec = seconds): Promise<number> {
  const { result, cpuMs } = await cpuDuring(gw.pid, () => saturate(url, new BodyCycle([body]), headers, durationSec, 16));
  if (result.errors || result.non2xx) throw new Error(`${result.errors} errors and ${result.non2xx} non-2xx answers`);
  return cpuMs / Math.max(1, result.requests);
}

async function main() {
  pinSelf(1);
  const upstream = await startFakeUpstream(HAS_TASKSET ? 1 : undefined);
  const ctx = createContext({ rate: 100, durationMs: 5000, repeats: 1, soakMs: 0, gatewayCore: HAS_TASKSET ? 0 : undefined }, upstream.url);
  const before = process.env.BEFORE;
  const levels: string[] = before ? ['error', 'info', 'info before'] : ['error', 'info'];
  const gateways = new Map<string, { proxy: RunningGateway; guard: RunningGateway }>();
  for (const level of levels) {
    const launch = { env: { PORTCULLIS_LOG_LEVEL: level.split(' ')[0], PORTCULLIS_LOG_FORMAT: 'json' }, root: level === 'info before' ? before : undefined };
    gateways.set(level, {
      proxy: await ctx.gateway({ consumers: 10 }, ['proxy'], [], launch),
      guard: await ctx.gateway(evaluateSeed, ['guardrail'], [], launch),
    });
  }
  const kinds = {
    'pass-through': (gw: { proxy: RunningGateway }, s?: number) =>
      cpuPerRequest(gw.proxy, `${gw.proxy.urls.proxy}/${gw.proxy.slug}/v1/chat/completions`, openaiChat(), { 'content-type': 'application/json', authorization: `Bearer ${gw.proxy.key}` }, s),
    'one-word evaluate': (gw: { guard: RunningGateway }, s?: number) =>
      cpuPerRequest(gw.guard, `${gw.guard.urls.guardrail}/v1/evaluate`, evaluateFloorBody(), { 'content-type': 'application/json', authorization: `Bearer ${gw.guard.collectorKey}` }, s),
  };
  const results = new Map<string, number[]>();
  try {
    for (const gw of gateways.values()) for (const run of Object.values(kinds)) await run(gw, 4);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? levels : [...levels].reverse();
      for (const [kind, run] of Object.entries(kinds)) {
        for (const level of order) {
          const ms = await run(gateways.get(level)!);
          const key = `${kind} | ${level}`;
          results.set(key, [...(results.get(key) ?? []), ms]);
          console.log(`round ${round + 1} ${key}: ${(ms * 1000).toFixed(1)} µs CPU per request`);
        }
      }
    }
  } finally {
    for (const gw of gateways.values()) await Promise.all([gw.proxy.stop(), gw.guard.stop()]);
    await upstream.stop();
  }
  console.log(`\nmedian µs CPU per request (error / info / info - error${before ? ' / info before - error' : ''}):`);
  for (const kind of Object.keys(kinds)) {
    const [quiet, logged, loggedBefore] = levels.map((level) => median(results.get(`${kind} | ${level}`)!) * 1000);
    const beforeColumn = before ? ` / ${(loggedBefore - quiet).toFixed(1)}` : '';
    console.log(`${kind.padEnd(18)} ${quiet.toFixed(1)} / ${logged.toFixed(1)} / ${(logged - quiet).toFixed(1)}${beforeColumn}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

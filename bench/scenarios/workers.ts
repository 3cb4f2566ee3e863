/**
 * One process against two: saturation requests per second of pass-through chat and of evaluate
 * (never-repeating 4 KB prompts, every detector) with `portcullis start --workers 1` and
 * `--workers 2`. With one worker the gateway is pinned to the gateway core and the load driver
 * and upstream keep the other; two workers need both cores of a two-core machine, so there the
 * driver shares a core with a worker (the notes say so, and what it means for more cores). A build
 * without the flag (found from `start --help`) gets a "not available in this build" row.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openaiChat } from '../bodies.js';
import { saturate } from '../closed-loop.js';
import type { BenchContext, RunningGateway, ScenarioResult } from '../context.js';
import { evaluateSeed, freshEvaluateBodies } from './evaluate.js';
import { formatRatio } from '../ratio.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const json = { 'content-type': 'application/json' };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Whether this build's `start` takes `--workers` (its help lists it). */
export function hasWorkersFlag(): boolean {
  const help = spawnSync(process.execPath, ['dist/core/cli/main.js', 'start', '--help'], { cwd: root, encoding: 'utf8' });
  return /--workers\b/.test(`${help.stdout}${help.stderr}`);
}

/** Polls `send` until it answers 200: workers may take a moment after the planes say they listen. */
async function untilServing(send: () => Promise<number>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await send().catch(() => 0);
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`the gateway did not answer 200 within ${timeoutMs} ms (last status ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function workers(ctx: BenchContext): Promise<ScenarioResult> {
  const scenario = 'workers: 1 against 2 (saturation requests per second)';
  if (!hasWorkersFlag()) {
    return {
      scenario,
      rows: [{ workers: '1 / 2', passthrough_rps: 'not available in this build', evaluate_rps: 'not available in this build' }],
      notes: ['`portcullis start --help` lists no --workers: this build runs one process'],
      figures: { workers: 'not available in this build' },
    };
  }
  const counts = [1, 2] as const;
  const cores = (n: number) => (n === 1 ? ctx.settings.gatewayCore : ctx.settings.gatewayCore === undefined ? undefined : `${ctx.settings.gatewayCore},${ctx.settings.driverCore}`);
  const seed = { ...evaluateSeed, consumers: 10 };
  const gateways: RunningGateway[] = [];
  try {
    for (const n of counts) {
      try {
        gateways.push(await ctx.gateway(seed, ['proxy', 'guardrail'], [], { cores: cores(n), startArgs: ['--workers', String(n)], env: { PORTCULLIS_WORKERS: String(n) } }));
      } catch (err) {
        // A flag that exists but does not start is this build's to fix; the rest of the run goes on.
        const reason = String((err as Error).message).split('\n').slice(0, 3).join(' ').slice(0, 300);
        return { scenario, rows: [{ workers: n, passthrough_rps: `did not start: ${reason}` }], figures: { workers: `--workers ${n} did not start` } };
      }
    }
    const targets = gateways.map((gw) => ({
      passthrough: { url: `${gw.urls.proxy}/${gw.slug}/v1/chat/completions`, headers: { ...json, authorization: `Bearer ${gw.key}` }, body: openaiChat() },
      evaluate: { url: `${gw.urls.guardrail}/v1/evaluate`, headers: { ...json, authorization: `Bearer ${gw.collectorKey}` }, body: freshEvaluateBodies(ctx.prompts) },
    }));
    for (const t of targets) {
      await untilServing(async () => (await fetch(t.passthrough.url, { method: 'POST', headers: t.passthrough.headers, body: t.passthrough.body })).status);
      // Warm each: connection pools and the JIT of every worker.
      await saturate(t.passthrough.url, t.passthrough.body, t.passthrough.headers, 2);
      await saturate(t.evaluate.url, t.evaluate.body, t.evaluate.headers, 2, 16);
    }
    const seconds = Math.max(2, Math.round(ctx.settings.durationMs / 1000));
    const rps = counts.map(() => ({ passthrough: [] as number[], evaluate: [] as number[], errors: 0 }));
    for (let i = 0; i < ctx.settings.repeats; i++) {
      for (const kind of ['passthrough', 'evaluate'] as const) {
        for (let k = 0; k < counts.length; k++) {
          const t = targets[k][kind];
          const r = await saturate(t.url, t.body, t.headers, seconds, kind === 'evaluate' ? 16 : 32);
          rps[k][kind].push(r.rps);
          rps[k].errors += r.errors + r.non2xx;
        }
      }
    }
    const figures = rps.map((r) => ({ passthrough: median(r.passthrough), evaluate: median(r.evaluate), errors: r.errors }));
    return {
      scenario,
      rows: counts.map((n, k) => ({
        workers: n,
        pinned: n === 1 ? `gateway on core ${ctx.settings.gatewayCore ?? 'any'}` : `gateway on cores ${cores(2) ?? 'any'}`,
        passthrough_rps: Math.round(figures[k].passthrough),
        passthrough_vs_1: formatRatio(figures[k].passthrough, figures[0].passthrough),
        evaluate_rps: Math.round(figures[k].evaluate),
        evaluate_vs_1: formatRatio(figures[k].evaluate, figures[0].evaluate),
        errors: figures[k].errors,
      })),
      notes: [
        `closed loop (autocannon: 32 connections for pass-through, 16 for evaluate), ${seconds} s per sample, ${ctx.settings.repeats} repeats taking turns; medians; both gateways run the proxy and guardrail planes from one data directory each`,
        `the load driver and the fake upstream stay on core ${ctx.settings.driverCore ?? 'any'}: outside the one worker's core, but shared with the second worker, which therefore gets what the driver leaves of its core; on this machine 2 workers can show at most about 1 + (1 - driver share) times one worker`,
        'on 16 cores with the driver on another machine (or its own cores), N workers each get a whole core: pass-through and evaluate scale with the workers while the primary (config, counters, telemetry) stays light; the 2-worker row here is the lower bound of that slope, not the slope',
      ],
      figures: { workers1Passthrough: figures[0].passthrough, workers2Passthrough: figures[1].passthrough, workers1Evaluate: figures[0].evaluate, workers2Evaluate: figures[1].evaluate },
    };
  } finally {
    for (const gw of gateways) await gw.stop();
  }
}

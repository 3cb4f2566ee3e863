/**
 * `POST /v1/evaluate` on never-repeating 4 KB prompts with every detector enabled: latency at
 * 20, 100 and 200 req/s beside the empty server (a one-word evaluation) and the work yardstick
 * (a server doing the detectors' median work as pure computation; beside it, one doing each
 * request's own), the gateway's CPU per evaluation at those rates and at saturation, and
 * evaluations per second per core (bench/rate-search.ts).
 */
import type { Detector, InspectionRequest } from '../../core/guardrail/detector.js';
import { SEGMENT_MEMO_ENTRIES } from '../../core/guardrail/segment-memo.js';
import { openaiChat, prompt } from '../bodies.js';
import { BodyCycle, type BodySupplier, type RequestBodies } from '../body-cycle.js';
import { saturate } from '../closed-loop.js';
import type { BenchContext, RunningGateway, ScenarioResult } from '../context.js';
import { medianLatency, type Target } from '../compare.js';
import { openLoop, type LatencyResult } from '../open-loop.js';
import { benchDetectors, datasetPrompts, detectorWork, inspectionRequest } from '../detectors.js';
import type { FreshPrompts } from '../fresh-prompts.js';
import { cpuDuring } from '../process-cpu.js';
import { startFakeUpstream } from '../processes.js';
import { searchRate } from '../rate-search.js';

/** Every detector on the input (shared with `bench/profile.ts`). */
export const DETECTORS = [
  { detector: 'prompt_guard', direction: 'input', action: 'block' },
  { detector: 'toxicity', direction: 'input', action: 'block' },
  { detector: 'topic_keyword_moderation', direction: 'input', action: 'block', settings: { keywords: ['project-x'], denied_topics: ['medical advice'] } },
  { detector: 'url_analyzer', direction: 'input', action: 'monitor' },
  { detector: 'doc_analyzer', direction: 'input', action: 'monitor' },
  { detector: 'data_loss_prevention', direction: 'input', action: 'transform' },
  { detector: 'indirect_prompt_injection', direction: 'input', action: 'block' },
] as const;


/** An evaluate request of a user prompt and a tool result. */
const evaluateBodyOf = (user: string, tool: string) =>
  JSON.stringify({
    protocol: 'llm',
    direction: 'input',
    payload: { messages: [{ role: 'user', content: user }, { role: 'tool', tool_call_id: 'call_1', content: tool }] },
  });
/**
 * Distinct requests of each kind, taken in turn and going on from one load run to the next
 * (BodyCycle): twice what the detectors remember (two texts a request, SEGMENT_MEMO_ENTRIES
 * texts), so each evaluation reads its texts and none is answered from what a detector made of
 * it before. A repeated prompt would measure the memo, not the work.
 */
const BODIES = 2 * SEGMENT_MEMO_ENTRIES;
const numbered = (i: number, text: string) => `Request ${i}. ${text}`.slice(0, text.length);
/** BODIES requests of a 4 KB prompt and a 512-byte tool result (the business sentences, repeated), each opening with its own number. */
export const evaluateBodies = () => new BodyCycle(Array.from({ length: BODIES }, (_, i) => evaluateBodyOf(numbered(i, prompt(4096)), numbered(i, prompt(512)))));
/**
 * BODIES requests, each a different 4 KB prompt and tool result cut from the shared datasets'
 * texts (or `texts`), numbered too: jailbreak templates share their first 512 bytes.
 */
export const evaluateDatasetBodies = (texts?: string[]) => new BodyCycle(datasetPrompts(BODIES, texts).map(({ user, tool }, i) => evaluateBodyOf(numbered(i, user), numbered(i, tool))));
/** Turns of each benchmark conversation. */
const TURNS = 8;
const SYSTEM_PROMPT = 'You are the support assistant of Acme Logistics. Answer in the language of the customer, cite the order number when one is given, and never share another customer\'s data.';
/**
 * Conversations as a chat client sends them: every request the system prompt and the whole
 * history, here up to TURNS turns of a 4 KB user message and a 512-byte answer (cut from the
 * shared datasets), so request k of a conversation holds k new-or-seen user messages, of which
 * only the last is new. 2,048 requests, so a text comes back only from its own conversation's
 * history, never from a cycle of the list (each cycle brings 4,096 new texts, twice what a
 * detector remembers). `texts` replaces the shared datasets' texts.
 */
export const evaluateConversationBodies = (texts?: string[]) => {
  const turns = datasetPrompts(2048, texts);
  const bodies: string[] = [];
  for (let start = 0; start < turns.length; start += TURNS) {
    const messages: Array<{ role: string; content: string }> = [{ role: 'system', content: SYSTEM_PROMPT }];
    for (let i = start; i < Math.min(turns.length, start + TURNS); i++) {
      const { user, tool } = turns[i];
      messages.push({ role: 'user', content: numbered(i, user) });
      bodies.push(JSON.stringify({ protocol: 'llm', direction: 'input', payload: { messages } }));
      messages.push({ role: 'assistant', content: numbered(i, tool) });
    }
  }
  return new BodyCycle(bodies);
};
export const evaluateSeed = { consumers: 1, guardrailRules: DETECTORS.map((d) => ({ ...d })) };
/**
 * The same policy with every rule on the output: an input evaluation does all its work but the
 * detectors' (reading, checking and locating the payload, the policy run, the verdict, Activity,
 * metrics), i.e. what Portcullis costs around its detectors.
 */
export const evaluateNoDetectorSeed = { consumers: 1, guardrailRules: DETECTORS.map((d) => ({ ...d, direction: 'output' as const })) };
/** The evaluate bodies a GC tool sends: the dataset prompts with EVALUATE_TEXT=dataset, else the business prompt. */
export const evaluateBodiesFromEnv = () => (process.env.EVALUATE_TEXT === 'dataset' ? evaluateDatasetBodies() : evaluateBodies());
/** Evaluate requests of never-repeating prompts: each a new 4 KB prompt and 512-byte tool result. */
export const freshEvaluateBodies = (prompts: FreshPrompts): BodySupplier => ({
  take() {
    const { user, tool } = prompts.next();
    return evaluateBodyOf(user, tool);
  },
});
/** The same request path with a one-word input: what HTTP, the service and this machine cost at that rate. */
export const evaluateFloorBody = () => JSON.stringify({ protocol: 'llm', direction: 'input', payload: { input: 'Hello' } });

/**
 * The machine's yardstick for one kind of prompt: the fake upstream on the gateway's core doing,
 * per request, the detectors' median warm time in process on such prompts as pure computation
 * (nothing fetched from memory). What it answers at a rate is the best any server doing that work
 * could answer on this host at that moment, so its p99 next to the evaluation's says how much of
 * the latency is the gateway's and how much the host's.
 *
 * Beside it, the request-work yardstick: request k does the measured work of the k-th sample
 * prompt (cycling), so its work varies as the evaluations' does. The detectors' own work has a
 * tail (a prompt prompt_guard reads in full costs several times the median), which a constant
 * server has not: the gap to this one is the gateway's own share of the p99 (HTTP, collections,
 * the evaluate path), the gap between the two yardsticks the share of the work's spread.
 */
async function workYardsticks(ctx: BenchContext, detectors: Array<[string, Detector]>, requests: InspectionRequest[]) {
  const work = await detectorWork(detectors, requests);
  const headers = { 'content-type': 'application/json' };
  const median = await startFakeUpstream(ctx.settings.gatewayCore, { BENCH_UPSTREAM_WORK_MS: String(work.median) });
  const each = await startFakeUpstream(ctx.settings.gatewayCore, { BENCH_UPSTREAM_WORK_MS: work.each.map((ms) => ms.toFixed(4)).join(',') });
  return {
    workMs: work.median,
    workMeanMs: work.mean,
    requests: requests.length,
    /** The median and 99th percentile of the sample's work per request (each request's least), ms. */
    eachP50Ms: work.eachP50,
    eachP99Ms: work.eachP99,
    target: { url: `${median.url}/v1/chat/completions`, headers, body: openaiChat() },
    requestWork: { url: `${each.url}/v1/chat/completions`, headers, body: openaiChat() },
    stop: () => Promise.all([median.stop(), each.stop()]).then(() => undefined),
  };
}

/** How far over the work yardstick's p99 the evaluation's may be and still count as within its noise. */
export const P99_TOLERANCE_MS = Number(process.env.BENCH_EVALUATE_TOLERANCE_MS ?? 1.5);
/** Requests a probe of the rate search sends at the least, so its p99 is the third slowest, not the slowest. */
const PROBE_SAMPLES = 300;
/**
 * Whether the yardstick queued at a rate (its median over twice its work plus 2 ms): the host did
 * not give it the core, so its p99 is no reference for the gateway's there.
 */
export const yardstickQueued = (yardstick: LatencyResult, workMs: number) => yardstick.p50 > 2 * workMs + 2;
/** The rates of the latency rows. */
const RATES = [20, 100, 200] as const;

interface RateRow {
  prompt: LatencyResult;
  floor: LatencyResult;
  yardstick?: LatencyResult;
  requestWork?: LatencyResult;
  /** Gateway CPU per evaluation and per one-word evaluation, ms (medians over the repeats). */
  cpuPerEvaluation: number;
  floorCpu: number;
  p99Runs: number[];
  requests: number;
  errors: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * One rate: the one-word floor, the yardstick and the prompts in turn, `repeats` times, with the
 * gateway's CPU over each of its samples divided by the requests it answered.
 */
async function atRate(ctx: BenchContext, gw: RunningGateway, rate: number, targets: { prompt: Target; floor: Target; yardstick?: Target; requestWork?: Target }): Promise<RateRow> {
  const durationMs = ctx.settings.durationMs;
  const runs = { prompt: [] as LatencyResult[], floor: [] as LatencyResult[], yardstick: [] as LatencyResult[], requestWork: [] as LatencyResult[], cpu: [] as number[], floorCpu: [] as number[] };
  await openLoop({ ...targets.prompt, rate, durationMs: 2000 });
  for (let i = 0; i < ctx.settings.repeats; i++) {
    const floor = await cpuDuring(gw.pid, () => openLoop({ ...targets.floor, rate, durationMs }));
    runs.floor.push(floor.result);
    runs.floorCpu.push(floor.cpuMs / Math.max(1, floor.result.ok));
    if (targets.yardstick) runs.yardstick.push(await openLoop({ ...targets.yardstick, rate, durationMs }));
    if (targets.requestWork) runs.requestWork.push(await openLoop({ ...targets.requestWork, rate, durationMs }));
    const prompt = await cpuDuring(gw.pid, () => openLoop({ ...targets.prompt, rate, durationMs }));
    runs.prompt.push(prompt.result);
    runs.cpu.push(prompt.cpuMs / Math.max(1, prompt.result.ok));
  }
  return {
    prompt: medianLatency(runs.prompt),
    floor: medianLatency(runs.floor),
    yardstick: runs.yardstick.length ? medianLatency(runs.yardstick) : undefined,
    requestWork: runs.requestWork.length ? medianLatency(runs.requestWork) : undefined,
    cpuPerEvaluation: median(runs.cpu),
    floorCpu: median(runs.floorCpu),
    p99Runs: runs.prompt.map((r) => r.p99),
    requests: runs.prompt.reduce((sum, r) => sum + r.sent, 0),
    errors: [...runs.prompt, ...runs.floor, ...runs.yardstick, ...runs.requestWork].reduce((sum, r) => sum + r.errors, 0),
  };
}

/**
 * The gateway's CPU per evaluation at saturation (closed loop), and the evaluations per second it
 * answered; the one-word floor's CPU per evaluation beside it, saturated in turn, is what the
 * HTTP path and the service cost there without any text to read.
 */
async function atSaturation(ctx: BenchContext, gw: RunningGateway, targets: { prompt: Target; floor: Target }) {
  const seconds = Math.max(2, Math.round(ctx.settings.durationMs / 1000));
  const cpu: number[] = [];
  const floorCpu: number[] = [];
  const rps: number[] = [];
  let errors = 0;
  const saturated = async (target: Target) => {
    const { result, cpuMs } = await cpuDuring(gw.pid, () => saturate(target.url, target.body, target.headers, seconds, 16));
    errors += result.errors + result.non2xx;
    return { rps: result.rps, cpuPerAnswer: cpuMs / Math.max(1, result.requests - result.non2xx) };
  };
  for (let i = 0; i < ctx.settings.repeats; i++) {
    const prompt = await saturated(targets.prompt);
    cpu.push(prompt.cpuPerAnswer);
    rps.push(prompt.rps);
    floorCpu.push((await saturated(targets.floor)).cpuPerAnswer);
  }
  return { cpuPerEvaluation: median(cpu), floorCpu: median(floorCpu), rps: median(rps), errors };
}

const round = (x: number | undefined, digits = 2) => (x === undefined || Number.isNaN(x) ? undefined : Number(x.toFixed(digits)));

export async function evaluate(ctx: BenchContext): Promise<ScenarioResult[]> {
  // Processes started here, stopped however the scenario ends.
  const started: Array<{ stop(): Promise<void> }> = [];
  try {
    const detectors = await benchDetectors();
    const prompts = ctx.prompts;
    // The yardstick's work: the detectors in this process on prompts of the same kind (taken from
    // the run's source, so the gateway never sees them).
    const sample = Array.from({ length: 500 }, () => prompts.next());
    const work = await workYardsticks(ctx, detectors, sample.map(({ user, tool }) => inspectionRequest(user, tool)));
    started.push(work);
    const gw = await ctx.gateway(evaluateSeed, ['guardrail']);
    started.push(gw);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${gw.collectorKey}` };
    const url = `${gw.urls.guardrail}/v1/evaluate`;
    const fresh = { url, headers, body: freshEvaluateBodies(prompts) };
    // The floor: a one-word input on the same path at the same rate, i.e. what HTTP, the service
    // and this machine cost there.
    const floor = { url, headers, body: evaluateFloorBody() };

    // V8 keeps optimizing the per-request code (HTTP, the service, the detectors) for the first
    // few thousand evaluations, on the gateway's one core; the rows measure a gateway past that.
    await openLoop({ ...fresh, rate: 100, durationMs: Number(process.env.BENCH_EVALUATE_WARMUP_S ?? 20) * 1000 });

    const rows: ScenarioResult['rows'] = [];
    const byRate = new Map<number, RateRow>();
    for (const rate of RATES) {
      const r = await atRate(ctx, gw, rate, { prompt: fresh, floor, yardstick: work.target, requestWork: work.requestWork });
      byRate.set(rate, r);
      rows.push({
        rate_rps: rate,
        requests: r.requests,
        p50_ms: round(r.prompt.p50),
        p99_ms: round(r.prompt.p99),
        p99_runs_ms: r.p99Runs.map((x) => round(x)).join(' / '),
        floor_p50_ms: round(r.floor.p50),
        floor_p99_ms: round(r.floor.p99),
        yardstick_p50_ms: round(r.yardstick?.p50),
        yardstick_p99_ms: round(r.yardstick?.p99),
        p99_over_yardstick_ms: round(r.prompt.p99 - (r.yardstick?.p99 ?? NaN)),
        request_work_p99_ms: round(r.requestWork?.p99),
        p99_over_request_work_ms: round(r.prompt.p99 - (r.requestWork?.p99 ?? NaN)),
        cpu_per_evaluation_ms: round(r.cpuPerEvaluation, 3),
        floor_cpu_ms: round(r.floorCpu, 3),
        errors: r.errors,
      });
    }
    const saturation = await atSaturation(ctx, gw, { prompt: fresh, floor });
    rows.push({ rate_rps: `saturation (${round(saturation.rps, 0)} eval/s)`, cpu_per_evaluation_ms: round(saturation.cpuPerEvaluation, 3), floor_cpu_ms: round(saturation.floorCpu, 3), errors: saturation.errors });

    // Evaluations per second per core: the highest open-loop rate whose p99 stays within
    // P99_TOLERANCE_MS of the yardstick's at that rate. No rate past 90% of what the yardstick's
    // work fills is probed: there the work itself, not the gateway, queues.
    const probeMs = Number(process.env.BENCH_EVALUATE_PROBE_S ?? 3) * 1000;
    // A p99 needs samples: a probe lasts until PROBE_SAMPLES requests were sent, so at a low rate
    // its p99 is not simply the slowest of a few dozen (one collection would fail the rate).
    const probeMsAt = (rate: number) => Math.max(probeMs, Math.ceil((PROBE_SAMPLES / rate) * 1000));
    const max = Math.max(20, Math.floor((0.9 * 1000) / work.workMs));
    const probeRows: ScenarioResult['rows'] = [];
    const search = await searchRate({
      start: Math.min(100, Math.floor(max / 2)),
      max,
      precision: 0.05,
      maxProbes: Number(process.env.BENCH_EVALUATE_PROBES ?? 8),
      async passes(rate) {
        const yardstick = await openLoop({ ...work.target, rate, durationMs: probeMsAt(rate) });
        const evaluation = await openLoop({ ...fresh, rate, durationMs: probeMsAt(rate) });
        // A queued yardstick is no reference: that rate does not count as within its noise.
        const queued = yardstickQueued(yardstick, work.workMs);
        const passed = !queued && evaluation.errors === 0 && evaluation.p99 <= yardstick.p99 + P99_TOLERANCE_MS;
        probeRows.push({ rate_rps: rate, p50_ms: round(evaluation.p50), p99_ms: round(evaluation.p99), yardstick_p50_ms: round(yardstick.p50), yardstick_p99_ms: round(yardstick.p99), errors: evaluation.errors, within: queued ? 'no (the yardstick queued)' : passed ? 'yes' : 'no' });
        return passed;
      },
    });
    const evaluationsPerCore = search.rate === undefined ? `under ${Math.min(...search.probes.map((probe) => probe.rate))}` : `${search.capped ? '≥ ' : ''}${search.rate}`;
    const repeated = prompts.taken - prompts.distinct;
    return [
      {
        scenario: `evaluate: never-repeating 4 KB prompts (${prompts.kind === 'dataset' ? 'cut from the shared datasets' : 'generated prose'}), every detector`,
        rows,
        notes: [
          `p*_ms: medians over ${ctx.settings.repeats} repeats of ${ctx.settings.durationMs / 1000} s at each rate; p99_runs_ms: each repeat's p99; floor: a one-word evaluation on the same path; yardstick: a server on the gateway's core doing ${round(work.workMs, 3)} ms of pure computation per request (the detectors' median warm time in process on such prompts), interleaved with the gateway; request_work: a server doing, per request, the work of one of ${work.requests} such prompts in turn (each prompt's least of three passes: median ${round(work.eachP50Ms, 3)} ms, 99th percentile ${round(work.eachP99Ms, 3)} ms), so p99_over_request_work_ms is the gateway's own share of the p99 and the rest of p99_over_yardstick_ms is the spread of the detectors' work`,
          "cpu_per_evaluation_ms: the gateway process's CPU time (user + system, all threads, from /proc) over each sample divided by the evaluations it answered (a mean, 10 ms clock ticks over thousands of evaluations); floor_cpu_ms: the same for the one-word evaluation (at saturation: the one-word evaluation saturated in turn, with the same connections)",
          `each request: a prompt of 4,096 characters and a tool result of 512, opening with the request's number; prompts handed out this run so far: ${prompts.taken}, distinct: ${prompts.distinct}${repeated ? ` (${repeated} REPEATED: the figures are not valid)` : ''}`,
        ],
        figures: {
          cpuPerEvaluation100: byRate.get(100)?.cpuPerEvaluation,
          cpuPerEvaluationSaturated: saturation.cpuPerEvaluation,
          floorCpu100: byRate.get(100)?.floorCpu,
          floorCpuSaturated: saturation.floorCpu,
          p99OverYardstick100: (byRate.get(100)?.prompt.p99 ?? NaN) - (byRate.get(100)?.yardstick?.p99 ?? NaN),
          p99OverYardstick200: (byRate.get(200)?.prompt.p99 ?? NaN) - (byRate.get(200)?.yardstick?.p99 ?? NaN),
          evaluationsPerCore,
          evaluationsPerCoreRate: search.rate,
          evaluationsPerCoreCapped: search.capped ? 1 : 0,
          promptKind: prompts.kind,
          yardstickWorkMs: work.workMs,
          detectorWorkMeanMs: work.workMeanMs,
          requestWorkP50Ms: work.eachP50Ms,
          requestWorkP99Ms: work.eachP99Ms,
          p99OverRequestWork100: (byRate.get(100)?.prompt.p99 ?? NaN) - (byRate.get(100)?.requestWork?.p99 ?? NaN),
          p99OverRequestWork200: (byRate.get(200)?.prompt.p99 ?? NaN) - (byRate.get(200)?.requestWork?.p99 ?? NaN),
          yardstickQueued100: byRate.get(100)?.yardstick && yardstickQueued(byRate.get(100)!.yardstick!, work.workMs) ? 1 : 0,
          yardstickQueued200: byRate.get(200)?.yardstick && yardstickQueued(byRate.get(200)!.yardstick!, work.workMs) ? 1 : 0,
        },
      },
      {
        scenario: `evaluate: evaluations per second per core: ${evaluationsPerCore}`,
        rows: probeRows,
        notes: [
          `found by a rate search (bench/rate-search.ts): open loop, ${probeMs / 1000} s of the yardstick then ${probeMs / 1000} s of never-repeating prompts at each probed rate (longer where that makes fewer than ${PROBE_SAMPLES} requests); a rate passes when every evaluation is answered, the yardstick did not queue (its p50 within twice its work plus 2 ms) and the evaluation's p99 is within ${P99_TOLERANCE_MS} ms of the yardstick's p99 at that rate; from ${Math.min(100, Math.floor(max / 2))} req/s the rate doubles while it passes, then the gap between the highest passing and the lowest failing rate is halved down to 5%; the answer is the highest passing rate`,
          `no rate above ${max} req/s is probed: 90% of the core at the yardstick's ${round(work.workMs, 3)} ms per evaluation, where the work itself queues${search.capped ? ' (reached: the gateway kept within the yardstick up to there, so the work per evaluation is the limit)' : ''}`,
        ],
      },
    ];
  } finally {
    await Promise.all(started.map((p) => p.stop()));
  }
}

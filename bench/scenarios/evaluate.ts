/** `POST /v1/evaluate` on a 4 KB prompt with every detector enabled, at a fixed rate. */
import type { Detector } from '../../core/guardrail/detector.js';
import { SEGMENT_MEMO_ENTRIES } from '../../core/guardrail/segment-memo.js';
import { openaiChat, prompt } from '../bodies.js';
import { BodyCycle } from '../body-cycle.js';
import type { BenchContext, ScenarioResult } from '../context.js';
import { medianLatency } from '../compare.js';
import { openLoop, type LatencyResult } from '../open-loop.js';
import { benchDetectors, benchRequests, datasetPrompts, detectorWorkMs, type BenchText } from '../detectors.js';
import { startFakeUpstream } from '../processes.js';

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

const round = (x: number) => Number(x.toFixed(2));

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
/** The evaluate bodies a GC tool sends: the dataset prompts with EVALUATE_TEXT=dataset, else the business prompt. */
export const evaluateBodiesFromEnv = () => (process.env.EVALUATE_TEXT === 'dataset' ? evaluateDatasetBodies() : evaluateBodies());
/** The same request path with a one-word input: what HTTP, the service and this machine cost at that rate. */
export const evaluateFloorBody = () => JSON.stringify({ protocol: 'llm', direction: 'input', payload: { input: 'Hello' } });

/**
 * The machine's yardstick for one kind of prompt: the fake upstream on the gateway's core doing,
 * per request, the detectors' warm time in process on such prompts as pure computation (nothing
 * fetched from memory). What it answers at a rate is the best any server doing that work could
 * answer on this host at that moment, so its p99 next to the evaluation's says how much of the
 * latency is the gateway's and how much the host's.
 */
async function workYardstick(ctx: BenchContext, detectors: Array<[string, Detector]>, text: BenchText) {
  const workMs = await detectorWorkMs(detectors, benchRequests(text, 1000));
  const upstream = await startFakeUpstream(ctx.settings.gatewayCore, { BENCH_UPSTREAM_WORK_MS: String(workMs) });
  const target = { url: `${upstream.url}/v1/chat/completions`, headers: { 'content-type': 'application/json' }, body: openaiChat() };
  return { workMs, target, stop: () => upstream.stop() };
}

export async function evaluate(ctx: BenchContext): Promise<ScenarioResult> {
  // Processes started here, stopped however the scenario ends.
  const started: Array<{ stop(): Promise<void> }> = [];
  try {
    const detectors = await benchDetectors();
    const businessWork = await workYardstick(ctx, detectors, 'business');
    started.push(businessWork);
    const datasetWork = await workYardstick(ctx, detectors, 'varied');
    started.push(datasetWork);
    const yardsticks = { business: businessWork, dataset: datasetWork };
    const gw = await ctx.gateway(evaluateSeed, ['guardrail']);
    started.push(gw);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${gw.collectorKey}` };
    const url = `${gw.urls.guardrail}/v1/evaluate`;
    const prompt = { url, headers, body: evaluateBodies() };
    // The floor: a one-word input on the same path at the same rate, i.e. what HTTP, the service
    // and this machine cost there (at a light rate this machine's idle cores wake slowly and run
    // colder, and that cost is in both).
    const floor = { url, headers, body: evaluateFloorBody() };
    // The same prompt every time flatters the detectors (six sentences repeated: few distinct words
    // and n-grams, all cached after the first request); real prompts differ from one to the next.
    const dataset = { url, headers, body: evaluateDatasetBodies() };
    const conversation = { url, headers, body: evaluateConversationBodies() };
    const warmUpMs = Number(process.env.BENCH_EVALUATE_WARMUP_S ?? 30) * 1000;
    // V8 keeps optimizing the per-request code (HTTP, the service, the detectors) for the first
    // few thousand evaluations, on the gateway's one core; the rows measure a gateway past that.
    await openLoop({ ...prompt, rate: 100, durationMs: warmUpMs / 2 });
    await openLoop({ ...dataset, rate: 100, durationMs: warmUpMs / 2 });
    const rows = [];
    // 20 req/s shows one evaluation on a mostly idle core; at 100 and 200 req/s (the other
    // scenarios' rate) the business prompt keeps the core 25% and 50% busy and dataset prompts
    // about 40% and 80%, and queueing behind other evaluations shows.
    for (const [text, target, rate] of [
      ['business', prompt, 20], ['business', prompt, 100], ['business', prompt, 200],
      ['dataset', dataset, 20], ['dataset', dataset, 100], ['dataset', dataset, 200],
      ['conversation', conversation, 20], ['conversation', conversation, 100], ['conversation', conversation, 200],
    ] as const) {
      await openLoop({ ...target, rate, durationMs: 2000 });
      const yardstick = text === 'conversation' ? undefined : yardsticks[text];
      // Interleaved and repeated, medians reported, as compare() does for the other scenarios.
      const runs = { prompt: [] as LatencyResult[], floor: [] as LatencyResult[], machine: [] as LatencyResult[] };
      for (let i = 0; i < ctx.settings.repeats; i++) {
        runs.floor.push(await openLoop({ ...floor, rate, durationMs: ctx.settings.durationMs }));
        if (yardstick) runs.machine.push(await openLoop({ ...yardstick.target, rate, durationMs: ctx.settings.durationMs }));
        runs.prompt.push(await openLoop({ ...target, rate, durationMs: ctx.settings.durationMs }));
      }
      const r = medianLatency(runs.prompt);
      const f = medianLatency(runs.floor);
      const m = yardstick && medianLatency(runs.machine);
      rows.push({
        prompt: text,
        rate_rps: rate,
        requests: runs.prompt.reduce((sum, run) => sum + run.sent, 0),
        p50_ms: round(r.p50),
        p90_ms: round(r.p90),
        p99_ms: round(r.p99),
        p99_runs_ms: runs.prompt.map((run) => round(run.p99)).join(' / '),
        floor_p50_ms: round(f.p50),
        floor_p99_ms: round(f.p99),
        work_ms: yardstick && round(yardstick.workMs),
        machine_p50_ms: m && round(m.p50),
        machine_p99_ms: m && round(m.p99),
        errors: [...runs.prompt, ...runs.floor, ...runs.machine].reduce((sum, run) => sum + run.errors, 0),
      });
    }
    return { scenario: 'evaluate (4 KB prompt, every detector)', rows, notes: [
        "p*_ms: medians over the repeats; p99_runs_ms: each repeat's p99",
        `prompt: business, the same six sentences repeated, each request opening with its own number; dataset, ${BODIES} different prompts and tool results cut from the shared datasets; each kind taken in turn, never repeated within what the detectors remember`,
        `conversation: ${TURNS}-turn chats sent as clients send them, the system prompt and the whole history every request (up to ${TURNS} dataset prompts of 4 KB and their 512-byte answers); only the last user message is new, and the detectors answer the rest from memory`,
        'floor: a one-word evaluation on the same path; machine: a server on the gateway\'s core doing work_ms of pure computation per request (the detectors\' warm time in process on such prompts), interleaved with the gateway: the best this host gives that much work at that rate',
      ] };
  } finally {
    await Promise.all(started.map((p) => p.stop()));
  }
}

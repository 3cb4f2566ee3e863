/**
 * Upstream faults, for streamed and non-streamed chat, with and without a fallback target:
 * an upstream that stalls before its headers or mid-answer, resets the connection before its
 * headers or mid-answer, answers malformed JSON or malformed events, answers without end, or
 * drips its answer a byte at a time. Each case asserts the behaviour docs/routing.md
 * ("Upstream faults") documents; afterwards nothing failed at error level and no socket or file
 * descriptor was left open. Per-consumer timeouts (`attempt_ms`) keep the stalls short.
 */
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { startFaultyChatUpstream, FAULTY_TEXT, type FaultyChatUpstream, type UpstreamFault } from '../../fixtures/network/faulty-chat-upstream.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { postAndReadSse } from '../../fixtures/providers/sse-client.js';
import { memoryLog, type MemoryLog } from '../admin/helpers/memory-log.js';
import { openHandles, settledHandles, type OpenHandles } from './support/open-handles.js';

/** One attempt's wait for headers and between chunks: short, so each stall costs this much. */
const ATTEMPT_MS = 400;
/** The gateway's answer limit in this world: the endless answer passes it at once. */
const ANSWER_LIMIT = 256 * 1024;
const SPARE_TEXT = 'Hello from spare';
const STREAM_FAILURE = 'upstream stream terminated unexpectedly';

type Consumer = 'solo' | 'backed';

interface ChatAnswer {
  status: number;
  /** Non-streamed: the parsed body. */
  body?: any;
  /** Streamed: the data of each event, and whether the stream ended with [DONE]. */
  events?: string[];
  done?: boolean;
}

describe('faults: upstreams that fail', function () {
  this.timeout(20_000);
  let gateway: TestGateway;
  let logs: MemoryLog;
  let faulty: FaultyChatUpstream;
  let spare: FakeOpenAI;
  const keys = {} as Record<Consumer, string>;
  let baseline: OpenHandles;

  before(async () => {
    logs = memoryLog();
    faulty = await startFaultyChatUpstream();
    spare = await startFakeOpenAI();
    spare.setDefault({ kind: 'text', text: SPARE_TEXT });
    gateway = await createTestGateway({ planes: ['proxy'], log: logs.log, upstreamAnswerLimitBytes: ANSWER_LIMIT });
    const gw = await gateway.seed.gateway();
    const faultyRegistry = await gateway.seed.registry(gw.id, { provider: 'openai', slug: 'faulty', base_url: faulty.url, apiKey: 'sk-faulty', models: ['m-faulty'] });
    const spareRegistry = await gateway.seed.registry(gw.id, { provider: 'openai', slug: 'spare', base_url: spare.url, apiKey: 'sk-spare', models: ['m-spare'] });
    const timeouts = { attempt_ms: ATTEMPT_MS };
    keys.solo = (await gateway.seed.consumer(gw.id, { slug: 'solo', registries: [{ registry_id: faultyRegistry._id, weight: 1 }], timeouts } as never)).key;
    keys.backed = (
      await gateway.seed.consumer(gw.id, {
        slug: 'backed',
        registries: [{ registry_id: faultyRegistry._id, weight: 1 }, { registry_id: spareRegistry._id, weight: 1 }],
        // The default triggers: 429, 5xx, timeout, connection.
        fallback: { targets: ['@spare/m-spare'] },
        timeouts,
      } as never)
    ).key;
    await gateway.configChanged();
    // One good answer of each kind first, so the pools the baseline counts are open.
    for (const consumer of ['solo', 'backed'] as const) for (const stream of [false, true]) expect((await chat(consumer, stream)).status).to.equal(200);
    baseline = openHandles();
  });
  after(async () => {
    await gateway?.close();
    await faulty?.close();
    await spare?.close();
  });

  async function chat(consumer: Consumer, stream: boolean): Promise<ChatAnswer> {
    const url = `${gateway.proxyUrl(consumer)}/v1/chat/completions`;
    const body = { model: '@faulty/m-faulty', messages: [{ role: 'user', content: 'hello' }], ...(stream ? { stream: true } : {}) };
    const headers = { authorization: `Bearer ${keys[consumer]}` };
    if (!stream) {
      const response = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    }
    const result = await postAndReadSse(url, body, headers);
    if (result.status !== 200) return { status: result.status, body: JSON.parse(result.raw) };
    const events = result.events.map((e) => e.data);
    return { status: 200, events: events.filter((d) => d !== '[DONE]'), done: events.at(-1) === '[DONE]' };
  }

  /** The text of a non-streamed answer, or of a stream's content deltas. */
  function textOf(answer: ChatAnswer): string {
    if (answer.body) return answer.body.choices?.[0]?.message?.content ?? '';
    return (answer.events ?? []).map((d) => JSON.parse(d).choices?.[0]?.delta?.content ?? '').join('');
  }

  /** A stream that ended with the one failure event, and no [DONE]. */
  function expectFailureEvent(answer: ChatAnswer): void {
    expect(answer.status).to.equal(200);
    expect(answer.done).to.equal(false);
    expect(JSON.parse(answer.events!.at(-1)!).error).to.deep.include({ message: STREAM_FAILURE, type: 'upstream_error' });
  }

  /** The error answer of a non-streamed (or not yet started) chat, in the OpenAI format. */
  function expectError(answer: ChatAnswer, status: number, code: string): void {
    expect(answer.status, JSON.stringify(answer.body)).to.equal(status);
    expect(answer.body.error.code).to.equal(code);
  }

  /** The fallback answered in full. */
  function expectFallback(answer: ChatAnswer, stream: boolean): void {
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(textOf(answer)).to.equal(SPARE_TEXT);
    if (stream) expect(answer.done).to.equal(true);
  }

  /** The faulty upstream answered in full. */
  function expectComplete(answer: ChatAnswer, stream: boolean): void {
    expect(answer.status).to.equal(200);
    expect(textOf(answer)).to.equal(FAULTY_TEXT);
    if (stream) expect(answer.done).to.equal(true);
  }

  interface FaultCase {
    fault: UpstreamFault;
    stream: boolean;
    /** What the client of a consumer without a fallback gets. */
    solo(answer: ChatAnswer): void;
    /** What the client of a consumer with a fallback target gets. */
    backed(answer: ChatAnswer): void;
    /** Whether the gateway must hang up on the faulty upstream (it never ends its answer). */
    hangsUp?: boolean;
  }

  const failsOver = (stream: boolean) => (answer: ChatAnswer) => expectFallback(answer, stream);
  const CASES: FaultCase[] = [
    // Nothing reached the client yet: the attempt fails, and a fallback target answers.
    { fault: 'stall_before_headers', stream: false, solo: (a) => expectError(a, 504, 'upstream_timeout'), backed: failsOver(false), hangsUp: true },
    { fault: 'stall_before_headers', stream: true, solo: (a) => expectError(a, 504, 'upstream_timeout'), backed: failsOver(true), hangsUp: true },
    { fault: 'reset_before_headers', stream: false, solo: (a) => expectError(a, 502, 'upstream_unreachable'), backed: failsOver(false) },
    { fault: 'reset_before_headers', stream: true, solo: (a) => expectError(a, 502, 'upstream_unreachable'), backed: failsOver(true) },
    // A non-streamed answer is read whole before anything is sent: a fault in it is still a failed attempt.
    { fault: 'stall_mid_answer', stream: false, solo: (a) => expectError(a, 504, 'upstream_timeout'), backed: failsOver(false), hangsUp: true },
    { fault: 'reset_mid_answer', stream: false, solo: (a) => expectError(a, 502, 'upstream_unreachable'), backed: failsOver(false) },
    { fault: 'malformed_json', stream: false, solo: (a) => expectError(a, 502, 'upstream_error'), backed: failsOver(false) },
    { fault: 'endless', stream: false, solo: (a) => expectError(a, 502, 'upstream_error'), backed: failsOver(false), hangsUp: true },
    // A stream whose first event reached the client is committed: a fault ends it with the failure event.
    { fault: 'stall_mid_answer', stream: true, solo: expectFailureEvent, backed: expectFailureEvent, hangsUp: true },
    { fault: 'reset_mid_answer', stream: true, solo: expectFailureEvent, backed: expectFailureEvent },
    { fault: 'endless', stream: true, solo: expectFailureEvent, backed: expectFailureEvent, hangsUp: true },
    // A stream commits only at its first well-formed event: a malformed first event is a failed attempt.
    { fault: 'malformed_sse', stream: true, solo: (a) => expectError(a, 502, 'upstream_error'), backed: failsOver(true) },
    // A slow answer is no fault: each byte comes well within the attempt's wait.
    { fault: 'drip', stream: false, solo: (a) => expectComplete(a, false), backed: (a) => expectComplete(a, false) },
    { fault: 'drip', stream: true, solo: (a) => expectComplete(a, true), backed: (a) => expectComplete(a, true) },
  ];

  for (const c of CASES) {
    for (const consumer of ['solo', 'backed'] as const) {
      it(`${c.fault}, ${c.stream ? 'streamed' : 'not streamed'}, ${consumer === 'solo' ? 'no fallback' : 'with a fallback target'}`, async () => {
        const abandoned = faulty.abandoned;
        faulty.enqueue(c.fault);
        const answer = await chat(consumer, c.stream);
        c[consumer](answer);
        // The gateway let go of an answer that would never end.
        if (c.hangsUp) await waitFor(() => faulty.abandoned > abandoned, 'the gateway to hang up on the upstream');
      });
    }
  }

  it('logged no error-level line and no internal_error for any of them', () => {
    const lines = logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((l) => l.level === 'error' || l.code === 'internal_error')).to.deep.equal([]);
  });

  it('left no socket or file descriptor open (compared with before, after settling)', async () => {
    const tolerance = 6;
    const now = await settledHandles(baseline, tolerance);
    expect(now.sockets, `sockets ${baseline.sockets} -> ${now.sockets}`).to.be.at.most(baseline.sockets + tolerance);
    if (baseline.fds >= 0) expect(now.fds, `fds ${baseline.fds} -> ${now.fds}`).to.be.at.most(baseline.fds + tolerance);
  });

  it('still answers well after every fault', async () => {
    for (const consumer of ['solo', 'backed'] as const) for (const stream of [false, true]) expectComplete(await chat(consumer, stream), stream);
  });
});

async function waitFor(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

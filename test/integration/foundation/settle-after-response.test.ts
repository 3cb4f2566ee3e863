/**
 * `settle` runs strictly after the response is sent: a policy whose settle tap waits until the
 * test releases it (test/fixtures/plugins/settle-gate) does not hold the response back. The
 * client receives the whole answer (plain, streamed, or a refusal) while settle is still
 * pending; settle then finishes with the request's outcome once released.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Outcome } from '../../../core/pipeline/exchange.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import type { SettleGate } from '../../fixtures/plugins/settle-gate/index.js';
import { eventually } from '../../fixtures/processes/portcullis-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';

const settleGate = fileURLToPath(new URL('../../fixtures/plugins/settle-gate', import.meta.url));

/** Fails with `what` unless `promise` settles within a generous bound (a response held by settle never would). */
async function within<T>(promise: Promise<T>, what: string, ms = 20_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not complete while settle was pending`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('foundation: settle runs after the response is sent', () => {
  let gateway: TestGateway;
  let upstream: FakeOpenAI;
  let key: string;
  const entered = new Map<string, Outcome>();
  const finished = new Set<string>();
  const releases = new Map<string, { promise: Promise<void>; resolve: () => void }>();

  const releaseOf = (traceId: string) => {
    let entry = releases.get(traceId);
    if (!entry) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      entry = { promise, resolve };
      releases.set(traceId, entry);
    }
    return entry;
  };
  const gate: SettleGate = {
    entered: (traceId, outcome) => entered.set(traceId, outcome),
    release: (traceId) => releaseOf(traceId).promise,
    finished: (traceId) => finished.add(traceId),
  };

  /** Sends a chat request and reads the whole answer. */
  const chat = (body: Record<string, unknown>) =>
    within(
      (async () => {
        const res = await fetch(`${gateway.proxyUrl('app')}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }], ...body }),
        });
        return { status: res.status, traceId: res.headers.get('x-ag-trace-id')!, text: await res.text() };
      })(),
      'the response',
    );

  /** With the full answer in hand: settle starts, stays pending, and finishes only once released. */
  async function expectSettleAfter(traceId: string): Promise<Outcome> {
    expect(finished.has(traceId), 'settle finished before its release').to.equal(false);
    await eventually(async () => entered.has(traceId), 'settle to start');
    await new Promise((r) => setTimeout(r, 100));
    expect(finished.has(traceId), 'settle finished before its release').to.equal(false);
    releaseOf(traceId).resolve();
    await eventually(async () => finished.has(traceId), 'settle to finish once released');
    return entered.get(traceId)!;
  }

  before(async () => {
    (globalThis as Record<string, unknown>).__settleGate = gate;
    upstream = await startFakeOpenAI();
    gateway = await createTestGateway({ plugins: [settleGate], planes: ['proxy'] });
    const gatewayId = (await gateway.seed.gateway()).id;
    const registry = await gateway.seed.registry(gatewayId, { provider: 'openai', base_url: upstream.url, apiKey: 'sk-up', models: ['gpt-4o-mini'] });
    const created = await gateway.seed.consumer(gatewayId, { slug: 'app', registries: [{ registry_id: registry._id, weight: 1 }] });
    key = created.key;
    await gateway.seed.policy(gatewayId, { type: 'settle_gate', settings: {} }, [created.consumer._id]);
    await gateway.configChanged();
  });

  after(async () => {
    for (const { resolve } of releases.values()) resolve();
    delete (globalThis as Record<string, unknown>).__settleGate;
    await gateway?.close();
    await upstream?.close();
  });

  it('a plain answer reaches the client in full while settle is still pending', async () => {
    const res = await chat({});
    expect(res.status).to.equal(200);
    const body = JSON.parse(res.text) as { choices: Array<{ message: { content: string } }> };
    expect(body.choices[0].message.content).to.be.a('string');
    const outcome = await expectSettleAfter(res.traceId);
    expect(outcome).to.include({ status: 200, streamed: false, cached: false });
    expect(outcome.usage?.input_tokens).to.be.a('number');
  });

  it('a streamed answer ends for the client, terminal event included, while settle is still pending', async () => {
    const res = await chat({ stream: true, stream_options: { include_usage: true } });
    expect(res.status).to.equal(200);
    expect(res.text.trimEnd().endsWith('data: [DONE]'), res.text.slice(-200)).to.equal(true);
    const outcome = await expectSettleAfter(res.traceId);
    expect(outcome).to.include({ status: 200, streamed: true });
    expect(outcome.usage?.output_tokens).to.be.a('number');
  });

  it('a refusal reaches the client while settle is still pending, and settle gets its error', async () => {
    const res = await chat({ model: 'gpt-4.1' });
    expect(res.status).to.be.within(400, 499);
    expect(JSON.parse(res.text)).to.have.property('error');
    const outcome = await expectSettleAfter(res.traceId);
    expect(outcome.status).to.equal(res.status);
    expect(outcome.error?.code).to.be.a('string');
  });
});

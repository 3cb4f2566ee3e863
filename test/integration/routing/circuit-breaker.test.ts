/**
 * Circuit breakers through a running gateway: consecutive failures open a registry's breaker,
 * an open breaker sheds the registry from every plan (its upstream sees no traffic), and after
 * `open_ms` one probe goes through: a success closes the breaker, a failure opens it again. An
 * answer that is not what the upstream's format documents is a failure like an error answer.
 * Timings are short and generous (the waits are several times `open_ms`).
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { recordedExchange } from '../../fixtures/routing/exchange-recorder/index.js';
import { startRoutingWorld, type RoutingWorld } from '../../fixtures/routing/routing-world.js';

const OPEN_MS = 300;
const LONG_OPEN_MS = 10_000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const breaker = { enabled: true, failure_threshold: 2, open_ms: OPEN_MS, half_open_probes: 1, success_threshold: 1 };

describe('routing: circuit breaker per registry', () => {
  let world: RoutingWorld;
  const ids: Record<string, string> = {};

  before(async () => {
    world = await startRoutingWorld();
    ids.a = (await world.registry('a', { circuit_breaker: breaker }))._id;
    ids.b = (await world.registry('b'))._id;
    ids.c = (await world.registry('c', { circuit_breaker: breaker }))._id;
    // Held open longer than its test takes, however slow the machine: that test never waits for half-open.
    ids.sticky = (await world.registry('sticky', { circuit_breaker: { ...breaker, open_ms: LONG_OPEN_MS } }))._id;
  });

  after(async () => {
    await world?.close();
  });

  const up = (name: string) => world.upstreams.get(name)!;
  const ok = (name: string) => up(name).setDefault({ kind: 'text', text: `Hello from ${name}` });
  const failing = (name: string) => up(name).setDefault({ kind: 'error', status: 500, message: `${name} is down` });

  it('opens after consecutive failures, sheds the registry while open, and closes after a successful probe', async () => {
    const { client } = await world.consumer({
      slug: 'breaker',
      registries: [{ registry_id: ids.a, weight: 1 }, { registry_id: ids.b, weight: 1 }],
      fallback: { targets: ['@b/m-b'], on: ['5xx'] },
    });
    const chat = () => world.chat(client, { model: '@a/m-a' });
    failing('a');
    try {
      // Two failures open the breaker; each request still gets its answer from the fallback.
      expect((await chat()).answeredBy).to.equal('b');
      expect((await chat()).answeredBy).to.equal('b');
      const seenByA = up('a').chatCount();

      // Open: a is left out of every plan, so it sees nothing at all.
      for (let i = 0; i < 5; i++) {
        const shed = await chat();
        expect(shed.answeredBy).to.equal('b');
        const { route, attempts } = await recordedExchange(shed.traceId);
        expect(route?.targets.map((t) => t.registry)).to.deep.equal(['b']);
        expect(attempts.map((x) => x.model)).to.deep.equal(['m-b']);
      }
      expect(up('a').chatCount()).to.equal(seenByA);

      // Half-open after open_ms: the next request probes a; its success closes the breaker.
      ok('a');
      await pause(OPEN_MS * 2);
      expect((await chat()).answeredBy).to.equal('a');
      expect((await chat()).answeredBy).to.equal('a');
      expect(up('a').chatCount()).to.equal(seenByA + 2);
    } finally {
      ok('a');
    }
  });

  it('a failed probe opens the breaker again at once', async () => {
    const { client } = await world.consumer({
      slug: 'breaker-reopen',
      registries: [{ registry_id: ids.c, weight: 1 }, { registry_id: ids.b, weight: 1 }],
      fallback: { targets: ['@b/m-b'], on: ['5xx'] },
    });
    const chat = () => world.chat(client, { model: '@c/m-c' });
    failing('c');
    try {
      await chat();
      await chat();
      const opened = up('c').chatCount();
      await pause(OPEN_MS * 2);
      // The probe fails: one request reaches c, then it is shed again.
      expect((await chat()).answeredBy).to.equal('b');
      expect(up('c').chatCount()).to.equal(opened + 1);
      expect((await chat()).answeredBy).to.equal('b');
      expect(up('c').chatCount()).to.equal(opened + 1);
    } finally {
      ok('c');
    }
    // Recovered upstream: after the next open period the probe closes it.
    await pause(OPEN_MS * 2);
    expect((await chat()).answeredBy).to.equal('c');
  });

  it('answers that are not chat completions (200, malformed) count as failures and open the breaker', async () => {
    ids.d = (await world.registry('d', { circuit_breaker: breaker }))._id;
    const { client } = await world.consumer({
      slug: 'breaker-malformed',
      registries: [{ registry_id: ids.d, weight: 1 }, { registry_id: ids.b, weight: 1 }],
      fallback: { targets: ['@b/m-b'], on: ['5xx'] },
    });
    const chat = () => world.chat(client, { model: '@d/m-d' });
    up('d').setDefault({ kind: 'malformed' });
    try {
      expect((await chat()).answeredBy).to.equal('b');
      expect((await chat()).answeredBy).to.equal('b');
      const opened = up('d').chatCount();
      for (let i = 0; i < 3; i++) expect((await chat()).answeredBy).to.equal('b');
      expect(up('d').chatCount()).to.equal(opened);
    } finally {
      ok('d');
    }
  });

  it('an open breaker leaves the balancing pool; with nothing else to call the answer is 503 with Retry-After', async () => {
    const { client } = await world.consumer({
      slug: 'breaker-pool',
      registries: [{ registry_id: ids.sticky, weight: 1 }, { registry_id: ids.b, weight: 1 }],
      load_balancing: { strategy: 'round_robin' },
    });
    failing('sticky');
    try {
      // Round robin sends every other request to sticky until two failures open its breaker.
      const outcomes: string[] = [];
      for (let i = 0; i < 4; i++) outcomes.push(await world.chat(client).then((r) => r.answeredBy, () => 'error'));
      expect(outcomes).to.deep.equal(['error', 'b', 'error', 'b']);
      // Open: every request goes to b.
      for (let i = 0; i < 4; i++) expect((await world.chat(client)).answeredBy).to.equal('b');

      // Pinned to sticky with no fallback: nothing is available.
      const err = (await world.chat(client, { model: '@sticky/m-sticky' }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
      expect(err.status).to.equal(503);
      expect(err.headers?.get('x-gateway-error-source')).to.equal('gateway');
      expect(Number(err.headers?.get('retry-after'))).to.be.within(1, Math.ceil(LONG_OPEN_MS / 1000));
    } finally {
      ok('sticky');
    }
  });

  it('a request the gateway itself fails to send is answered 500 and not held against the registry', async () => {
    const faulty = await world.consumer({ slug: 'breaker-own-fault', registries: [{ registry_id: ids.c, weight: 1 }] });
    await world.gateway.seed.policy(world.gatewayId, { type: 'unsendable_request', settings: {} }, [faulty.consumer._id]);
    await world.gateway.configChanged();
    const before = up('c').chatCount();
    // More failures than c's failure_threshold (2), none of them c's.
    for (let i = 0; i < 3; i++) {
      const err = (await world.chat(faulty.client, { model: '@c/m-c' }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
      expect(err).to.be.instanceOf(OpenAI.InternalServerError);
      expect(err.status).to.equal(500);
    }
    expect(up('c').chatCount()).to.equal(before);
    const healthy = await world.consumer({ slug: 'breaker-own-fault-ok', registries: [{ registry_id: ids.c, weight: 1 }] });
    expect((await world.chat(healthy.client, { model: '@c/m-c' })).answeredBy).to.equal('c');
  });
});

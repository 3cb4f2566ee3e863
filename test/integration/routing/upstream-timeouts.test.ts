/**
 * The operator's default upstream timeouts (settings `--upstream-connect-timeout-ms`,
 * `--upstream-first-byte-timeout-ms`, `--upstream-idle-timeout-ms`), on when a consumer sets no
 * `timeouts` of its own: an upstream that stalls before its headers, before its first stream
 * chunk, inside a non-streamed body, or during its TLS handshake ends the attempt as a `timeout`
 * failure. The fallback and retry triggers take it, the circuit breaker counts it, and without
 * another target the client gets a 504 in its own format. A stream that stalls after its first
 * event ends with the stream failure event. The timeouts are set small through the settings.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { postAndReadSse } from '../../fixtures/providers/sse-client.js';
import { recordedExchange } from '../../fixtures/routing/exchange-recorder/index.js';
import { HELD, STALLS } from '../../fixtures/routing/routing-upstream.js';
import { startRoutingWorld, type RoutingWorld } from '../../fixtures/routing/routing-world.js';

/** Every default wait, in ms: small enough to keep the tests fast, far above a loopback answer. */
const WAIT_MS = 400;
const FAILURE = 'upstream stream terminated unexpectedly';

describe('routing: default upstream timeouts', () => {
  let world: RoutingWorld;
  const keys: Record<string, string> = {};
  const ids: Record<string, string> = {};
  /** A TCP server that accepts connections and never answers: a TLS handshake to it stalls. */
  let silent: Server;
  const sockets = new Set<Socket>();

  before(async () => {
    world = await startRoutingWorld({
      env: {
        PORTCULLIS_UPSTREAM_CONNECT_TIMEOUT_MS: String(WAIT_MS),
        PORTCULLIS_UPSTREAM_FIRST_BYTE_TIMEOUT_MS: String(WAIT_MS),
        PORTCULLIS_UPSTREAM_IDLE_TIMEOUT_MS: String(WAIT_MS),
      },
    });
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    ids.a = (await world.registry('a'))._id;
    ids.b = (await world.registry('b'))._id;
    ids.c = (await world.registry('c', { circuit_breaker: { enabled: true, failure_threshold: 2, open_ms: 60_000 } }))._id;
    ids.tls = (await world.gateway.seed.registry(world.gatewayId, { provider: 'openai', slug: 'tls', base_url: `https://127.0.0.1:${silentPort}/v1`, apiKey: 'sk-tls', models: ['m-tls'] }))._id;
    const consumer = async (slug: string, fields: Record<string, unknown>) => {
      keys[slug] = (await world.consumer({ slug, ...fields })).key;
    };
    await consumer('alone', { registries: [{ registry_id: ids.a, weight: 1 }] });
    await consumer('fallback', { registries: [{ registry_id: ids.a, weight: 1 }, { registry_id: ids.b, weight: 1 }], fallback: { targets: ['@b/m-b'], on: ['timeout'] } });
    await consumer('retry', { registries: [{ registry_id: ids.a, weight: 1 }], retry: { max_retries: 1, on: ['timeout'], initial_delay_ms: 1, jitter: 0 } });
    await consumer('own', { registries: [{ registry_id: ids.a, weight: 1 }], timeouts: { attempt_ms: 5_000 } });
    await consumer('breaker', { registries: [{ registry_id: ids.c, weight: 1 }, { registry_id: ids.b, weight: 1 }], fallback: { targets: ['@b/m-b'], on: ['timeout'] } });
    await consumer('tls', { registries: [{ registry_id: ids.tls, weight: 1 }, { registry_id: ids.b, weight: 1 }], fallback: { targets: ['@b/m-b'], on: ['timeout'] } });
  });

  after(async () => {
    await world?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
  });

  const a = () => world.upstreams.get('a')!;
  const b = () => world.upstreams.get('b')!;
  const c = () => world.upstreams.get('c')!;
  const post = (slug: string, model: string, stream = false) =>
    fetch(`${world.gateway.proxyUrl(slug)}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[slug]}` },
      body: JSON.stringify({ model, stream, messages: [{ role: 'user', content: 'hello' }] }),
    });
  const attemptsOf = async (response: Response) =>
    (await recordedExchange(response.headers.get('x-ag-trace-id')!)).attempts.map((x) => `${x.model}:${x.outcome}:${x.trigger ?? ''}`);

  it('a stall before the headers is a 504 in the client format when nothing else serves', async () => {
    a().enqueue({ kind: 'hang' });
    const response = await post('alone', '@a/m-a');
    expect(response.status).to.equal(504);
    expect(response.headers.get('x-gateway-error-source')).to.equal('upstream');
    const body = (await response.json()) as { error: { message: string; type: string } };
    expect(body.error.message).to.equal('upstream timed out');
    expect(await attemptsOf(response)).to.deep.equal(['m-a:error:']);
  });

  it('a stall before the headers falls back on the `timeout` trigger', async () => {
    a().enqueue({ kind: 'hang' });
    const response = await post('fallback', '@a/m-a');
    expect(response.status).to.equal(200);
    expect(((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).to.equal('Hello from b');
    expect(await attemptsOf(response)).to.deep.equal(['m-a:fallback:timeout', 'm-b:ok:']);
  });

  it('the `timeout` retry trigger takes it too', async () => {
    a().enqueue({ kind: 'hang' });
    const response = await post('retry', '@a/m-a');
    expect(response.status).to.equal(200);
    expect(await attemptsOf(response)).to.deep.equal(['m-a:retry:timeout', 'm-a:ok:']);
  });

  it('a stream that stalls before its first chunk falls back', async () => {
    a().enqueue({ kind: 'text', text: STALLS.beforeFirstChunk });
    const response = await post('fallback', '@a/m-a', true);
    expect(response.status).to.equal(200);
    const text = await response.text();
    expect(text).to.contain('Hello').and.to.contain('[DONE]').and.not.contain(FAILURE);
    expect(await attemptsOf(response)).to.deep.equal(['m-a:fallback:timeout', 'm-b:ok:']);
  });

  it('a stream that stalls before its first chunk is a 504 when nothing else serves', async () => {
    a().enqueue({ kind: 'text', text: STALLS.beforeFirstChunk });
    const response = await post('alone', '@a/m-a', true);
    expect(response.status).to.equal(504);
    expect(((await response.json()) as { error: { message: string } }).error.message).to.equal('upstream timed out');
  });

  it('a stream that stalls after its first events ends with the failure event; no fallback is called', async () => {
    const before = b().chatCount();
    a().enqueue({ kind: 'text', text: STALLS.midStream });
    const result = await postAndReadSse(`${world.gateway.proxyUrl('fallback')}/v1/chat/completions`, { model: '@a/m-a', stream: true, messages: [{ role: 'user', content: 'hello' }] }, { authorization: `Bearer ${keys.fallback}` });
    expect(result.status).to.equal(200);
    expect(result.raw).to.contain('Hello from a: one ');
    const last = JSON.parse(result.events.at(-1)!.data) as { error?: { message: string; type: string } };
    expect(last.error).to.deep.include({ message: FAILURE, type: 'upstream_error' });
    expect(result.raw).to.not.contain('[DONE]');
    expect(b().chatCount()).to.equal(before);
  });

  it('a non-streamed body that stalls halfway falls back (the idle timeout covers answers read whole)', async () => {
    a().enqueue({ kind: 'text', text: STALLS.midBody });
    const response = await post('fallback', '@a/m-a');
    expect(response.status).to.equal(200);
    expect(await attemptsOf(response)).to.deep.equal(['m-a:fallback:timeout', 'm-b:ok:']);
  });

  it("a consumer's own `timeouts.attempt_ms` overrides the defaults", async () => {
    a().enqueue({ kind: 'text', text: HELD });
    const pending = post('own', '@a/m-a');
    // Held well past the default first-byte wait, then answered.
    await new Promise((r) => setTimeout(r, WAIT_MS * 2));
    a().release();
    const response = await pending;
    expect(response.status).to.equal(200);
    expect(((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).to.equal('Hello from a (held)');
  });

  it('the circuit breaker counts timeouts: after two, the registry is shed', async () => {
    c().enqueue({ kind: 'hang' }, { kind: 'hang' });
    for (let i = 0; i < 2; i++) expect(await attemptsOf(await post('breaker', '@c/m-c'))).to.deep.equal(['m-c:fallback:timeout', 'm-b:ok:']);
    const seen = c().chatCount();
    const shed = await post('breaker', '@c/m-c');
    expect(shed.status).to.equal(200);
    expect(c().chatCount()).to.equal(seen);
  });

  it('a connection whose TLS handshake stalls ends after the connect timeout and falls back', async () => {
    const response = await post('tls', '@tls/m-tls');
    expect(response.status).to.equal(200);
    const { attempts } = await recordedExchange(response.headers.get('x-ag-trace-id')!);
    expect(attempts.map((x) => `${x.model}:${x.outcome}:${x.trigger ?? ''}`)).to.deep.equal(['m-tls:fallback:timeout', 'm-b:ok:']);
    // The setting ended it, not a built-in connect timeout of several seconds.
    expect(attempts[0]!.durationMs).to.be.below(WAIT_MS * 10);
  });
});

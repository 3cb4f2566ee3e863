/**
 * Fallback and streaming: a stream falls back only while nothing has reached the client (an
 * error status, or an upstream that cuts before its first byte); once the first byte is out, an
 * upstream failure becomes the stream failure event (HTTP 200) and no other target is called.
 */
import { expect } from 'chai';
import { postAndReadSse } from '../../fixtures/providers/sse-client.js';
import { recordedExchange } from '../../fixtures/routing/exchange-recorder/index.js';
import { EMPTY_STREAM } from '../../fixtures/routing/routing-upstream.js';
import { startRoutingWorld, type RoutingWorld } from '../../fixtures/routing/routing-world.js';

const FAILURE = 'upstream stream terminated unexpectedly';

describe('routing: fallback and streams', () => {
  let world: RoutingWorld;
  let key: string;
  let url: string;

  before(async () => {
    world = await startRoutingWorld();
    const a = await world.registry('a');
    const b = await world.registry('b');
    const created = await world.consumer({
      slug: 'streams',
      registries: [{ registry_id: a._id, weight: 1 }, { registry_id: b._id, weight: 1 }],
      fallback: { targets: ['@b/m-b'], on: ['5xx', 'connection', 'timeout'] },
    });
    key = created.key;
    url = `${world.gateway.proxyUrl('streams')}/v1/chat/completions`;
  });

  after(async () => {
    await world?.close();
  });

  const stream = () => postAndReadSse(url, { model: '@a/m-a', stream: true, messages: [{ role: 'user', content: 'hello' }] }, { authorization: `Bearer ${key}` });
  const a = () => world.upstreams.get('a')!;
  const b = () => world.upstreams.get('b')!;
  const textOf = (events: Array<{ data: string }>) =>
    events
      .filter((e) => e.data !== '[DONE]')
      .map((e) => (JSON.parse(e.data) as { choices?: Array<{ delta?: { content?: string } }> }).choices?.[0]?.delta?.content ?? '')
      .join('');

  it('no fallback after the first streamed byte: the client gets the failure event, status 200, and the fallback is never called', async () => {
    const before = b().chatCount();
    a().enqueue({ kind: 'cut', text: 'one two three four five', afterChunks: 2 });
    const result = await stream();
    expect(result.status).to.equal(200);
    expect(textOf(result.events.slice(0, -1))).to.equal('one two ');
    const last = JSON.parse(result.events.at(-1)!.data) as { error?: { message: string; type: string } };
    expect(last.error).to.deep.include({ message: FAILURE, type: 'upstream_error' });
    expect(result.raw).to.not.contain('[DONE]');
    expect(b().chatCount()).to.equal(before);
  });

  it('falls back when the stream fails before its first byte (an error status)', async () => {
    a().enqueue({ kind: 'error', status: 500, message: 'down' });
    const result = await stream();
    expect(result.status).to.equal(200);
    expect(textOf(result.events)).to.equal('Hello from b');
    expect(result.raw).to.contain('[DONE]');
  });

  it('falls back when the upstream accepts the stream and cuts before its first byte', async () => {
    a().enqueue({ kind: 'text', text: EMPTY_STREAM });
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ model: '@a/m-a', stream: true, messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(response.headers.get('x-selected-model')).to.equal('m-b');
    const body = await response.text();
    expect(body).to.contain('Hello').and.to.contain('[DONE]');
    const { attempts } = await recordedExchange(response.headers.get('x-ag-trace-id')!);
    expect(attempts.map((x) => `${x.model}:${x.outcome}:${x.trigger ?? ''}`)).to.deep.equal(['m-a:fallback:connection', 'm-b:ok:']);
  });
});

/**
 * A client that goes away takes the upstream call with it: the gateway aborts the upstream
 * request (the fake upstream records `aborted`), whether the client left while waiting for an
 * answer or in the middle of a stream, translated or forwarded byte for byte.
 */
import { expect } from 'chai';
import type { WireFormatId } from '../../../core/canonical/index.js';
import type { FakeUpstream } from '../../fixtures/providers/fake-upstream.js';
import { postChat } from './support/raw-chat.js';
import { startProxyWorld, type ProxyWorld } from './support/proxy-world.js';
import { FORMATS } from './support/upstreams.js';

async function eventually(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const LONG = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');

describe('proxy: client disconnect aborts the upstream', () => {
  let world: ProxyWorld;

  before(async () => {
    world = await startProxyWorld({ upstream: { chunkDelayMs: 25 } });
  });
  after(async () => {
    await world?.close();
  });

  /** Sends, waits until the upstream has the request, and returns the controller and the fake's record. */
  async function start(clientFormat: WireFormatId, upstream: FakeUpstream, upstreamFormat: WireFormatId, stream: boolean) {
    const controller = new AbortController();
    const before = upstream.requests.length;
    const response = postChat(world.base, world.key, clientFormat, world.pin(upstreamFormat), stream, { signal: controller.signal });
    await eventually(() => upstream.requests.length > before, 'the upstream request');
    return { controller, response, record: upstream.requests[before]! };
  }

  FORMATS.forEach((clientFormat, i) => {
    const waiting = FORMATS[(i + 1) % FORMATS.length]!;
    it(`${clientFormat} client leaves while the ${waiting} upstream has not answered`, async () => {
      const upstream = world.upstreams[waiting];
      upstream.enqueue({ kind: 'hang' });
      const { controller, response, record } = await start(clientFormat, upstream, waiting, false);
      expect(record.aborted).to.equal(false);
      controller.abort();
      await response.catch(() => undefined);
      await eventually(() => record.aborted, 'the upstream abort');
    });

    for (const streaming of new Set([clientFormat, FORMATS[(i + 3) % FORMATS.length]!])) {
      it(`${clientFormat} client leaves in the middle of the ${streaming} upstream stream${streaming === clientFormat ? ' (forwarded as is)' : ''}`, async () => {
        const upstream = world.upstreams[streaming];
        upstream.enqueue({ kind: 'text', text: LONG });
        const { controller, response, record } = await start(clientFormat, upstream, streaming, true);
        const reader = (await response).body!.getReader();
        const first = await reader.read();
        expect(first.done).to.equal(false);
        controller.abort();
        await reader.cancel().catch(() => undefined);
        await eventually(() => record.aborted, 'the upstream abort');
      });
    }
  });

  it('keeps serving after clients went away', async () => {
    const response = await postChat(world.base, world.key, 'openai-chat', world.pin('anthropic-messages'), false);
    expect(response.status).to.equal(200);
  });
});

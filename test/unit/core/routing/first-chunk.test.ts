/** Streams are committed at their first chunk: before it, a failure is still the attempt's. */
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { afterFirstChunk, EmptyStreamError } from '../../../../core/proxy/routing/first-chunk.js';

type Body = Parameters<typeof afterFirstChunk>[0];

describe('routing: first chunk of a stream', () => {
  it('replays the first chunk and the rest', async () => {
    const body = await afterFirstChunk(Readable.from([Buffer.from('a'), Buffer.from('b'), Buffer.from('c')]) as unknown as Body);
    let out = '';
    for await (const chunk of body) out += String(chunk);
    expect(out).to.equal('abc');
  });

  it('rejects when the stream ends or fails before its first chunk', async () => {
    const empty = await afterFirstChunk(Readable.from([]) as unknown as Body).catch((e: unknown) => e);
    expect(empty).to.be.instanceOf(EmptyStreamError);
    const failing = new Readable({ read() { this.destroy(Object.assign(new Error('socket hang up'), { code: 'UND_ERR_SOCKET' })); } });
    const err = (await afterFirstChunk(failing as unknown as Body).catch((e: unknown) => e)) as { code?: string };
    expect(err.code).to.equal('UND_ERR_SOCKET');
  });

  it('destroying the replay destroys the upstream body', async () => {
    let destroyed = false;
    const source = new Readable({
      read() {
        this.push(Buffer.from('x'));
      },
      destroy(err, cb) {
        destroyed = true;
        cb(err);
      },
    });
    const body = await afterFirstChunk(source as unknown as Body);
    body.destroy();
    await new Promise((r) => setTimeout(r, 10));
    expect(destroyed).to.equal(true);
  });
});

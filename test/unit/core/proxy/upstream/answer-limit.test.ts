import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { expect } from 'chai';
import { readAnswerText, readAtMost } from '../../../../../core/proxy/upstream/answer-limit.js';
import { GatewayError } from '../../../../../core/errors/gateway-error.js';

const bodyOf = (...reads: string[]) => Readable.from(reads.map((r) => Buffer.from(r))) as unknown as Dispatcher.ResponseData['body'];

describe('core/proxy/upstream answer limit', () => {
  it('reads a body of exactly the limit whole, over several reads', async () => {
    expect(await readAtMost(bodyOf('abc', 'def', 'gh'), 8)).to.deep.equal({ text: 'abcdefgh', cut: false });
  });

  it('keeps the first `limit` bytes of a longer body, says it was cut and destroys the body', async () => {
    const body = bodyOf('abc', 'def', 'ghi', 'jkl');
    expect(await readAtMost(body, 7)).to.deep.equal({ text: 'abcdefg', cut: true });
    expect(body.destroyed).to.equal(true);
  });

  it('decodes UTF-8 characters split across reads', async () => {
    const bytes = Buffer.from('é€');
    const body = Readable.from([bytes.subarray(0, 1), bytes.subarray(1, 3), bytes.subarray(3)]) as unknown as Dispatcher.ResponseData['body'];
    expect(await readAnswerText(body, 10)).to.equal('é€');
  });

  it('refuses an answer over the limit as a 502 from the upstream', async () => {
    const err = await readAnswerText(bodyOf('x'.repeat(11)), 10).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(GatewayError);
    expect((err as GatewayError).status).to.equal(502);
    expect((err as GatewayError).message).to.equal('upstream answer exceeds 10 bytes');
  });

  it('passes on a read error', async () => {
    const body = new Readable({ read() { this.destroy(new Error('socket hang up')); } }) as unknown as Dispatcher.ResponseData['body'];
    const err = await readAtMost(body, 10).catch((e: unknown) => e);
    expect((err as Error).message).to.equal('socket hang up');
  });
});

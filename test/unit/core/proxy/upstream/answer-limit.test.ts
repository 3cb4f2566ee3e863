import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { expect } from 'chai';
import { readAnswerText } from '../../../../../core/proxy/upstream/answer-limit.js';
import { GatewayError } from '../../../../../core/errors/gateway-error.js';

const bodyOf = (...reads: string[]) => Readable.from(reads.map((r) => Buffer.from(r))) as unknown as Dispatcher.ResponseData['body'];

describe('core/proxy/upstream answer limit', () => {
  it('reads an answer up to the limit whole', async () => {
    expect(await readAnswerText(bodyOf('abc', 'def'), 6)).to.equal('abcdef');
  });

  it('refuses an answer over the limit as a 502 from the upstream', async () => {
    const err = await readAnswerText(bodyOf('x'.repeat(11)), 10).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(GatewayError);
    expect((err as GatewayError).status).to.equal(502);
    expect((err as GatewayError).message).to.equal('upstream answer exceeds 10 bytes');
  });
});

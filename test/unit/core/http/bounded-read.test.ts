import { Readable } from 'node:stream';
import { expect } from 'chai';
import { AnswerTooLarge, readAtMost, readResponseAtMost, readResponseText } from '../../../../core/http/bounded-read.js';

const bodyOf = (...reads: string[]) => Readable.from(reads.map((r) => Buffer.from(r)));

/** A fetch answer whose body gives `reads` in turn, then ends (or never ends, with `endless`), and records its cancellation. */
function responseOf(reads: Uint8Array[], endless = false): { response: Response; cancelled: () => boolean; pulls: () => number } {
  let cancelled = false;
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = reads[pulls++];
      if (next) controller.enqueue(next);
      else if (endless) controller.enqueue(new Uint8Array(1024).fill(120));
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { response: new Response(stream), cancelled: () => cancelled, pulls: () => pulls };
}
const bytes = (text: string) => new TextEncoder().encode(text);

describe('core/http bounded read', () => {
  describe('readAtMost (a Node stream)', () => {
    it('reads a body of exactly the limit whole, over several reads', async () => {
      expect(await readAtMost(bodyOf('abc', 'def', 'gh'), 8)).to.deep.equal({ text: 'abcdefgh', cut: false });
    });

    it('keeps the first `limit` bytes of a longer body, says it was cut and destroys the body', async () => {
      const body = bodyOf('abc', 'def', 'ghi', 'jkl');
      expect(await readAtMost(body, 7)).to.deep.equal({ text: 'abcdefg', cut: true });
      expect(body.destroyed).to.equal(true);
    });

    it('decodes UTF-8 characters split across reads', async () => {
      const encoded = Buffer.from('é€');
      const body = Readable.from([encoded.subarray(0, 1), encoded.subarray(1, 3), encoded.subarray(3)]);
      expect(await readAtMost(body, 10)).to.deep.equal({ text: 'é€', cut: false });
    });

    it('passes on a read error', async () => {
      const body = new Readable({ read() { this.destroy(new Error('socket hang up')); } });
      const err = await readAtMost(body, 10).catch((e: unknown) => e);
      expect((err as Error).message).to.equal('socket hang up');
    });
  });

  describe('readResponseAtMost (a fetch answer)', () => {
    it('reads a body of exactly the limit whole, over several reads, UTF-8 split across them', async () => {
      const encoded = bytes('ab€');
      const { response, cancelled } = responseOf([encoded.subarray(0, 3), encoded.subarray(3)]);
      expect(await readResponseAtMost(response, encoded.length)).to.deep.equal({ text: 'ab€', cut: false });
      expect(cancelled()).to.equal(false);
    });

    it('stops an endless body at the limit and cancels the rest', async () => {
      const { response, cancelled, pulls } = responseOf([bytes('{"a":')], true);
      const { text, cut } = await readResponseAtMost(response, 4096);
      expect(cut).to.equal(true);
      expect(text).to.have.length(4096);
      expect(text.startsWith('{"a":x')).to.equal(true);
      expect(cancelled()).to.equal(true);
      // Read no further than the chunk that crossed the limit (and the one the stream queued ahead).
      expect(pulls()).to.be.at.most(7);
    });

    it('reads an answer without a body as empty text', async () => {
      expect(await readResponseAtMost(new Response(null, { status: 204 }), 10)).to.deep.equal({ text: '', cut: false });
    });

    it('readResponseText gives the text, or throws naming what was too large', async () => {
      expect(await readResponseText(responseOf([bytes('{}')]).response, 2, 'the answer')).to.equal('{}');
      const err = await readResponseText(responseOf([bytes('{"x":1}')]).response, 3, 'the discovery document').catch((e: unknown) => e);
      expect(err).to.be.instanceOf(AnswerTooLarge);
      expect((err as Error).message).to.equal('the discovery document exceeds 3 bytes');
    });
  });
});

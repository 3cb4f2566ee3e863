import { expect } from 'chai';
import { EventTail } from '../../../../../core/proxy/chat/event-tail.js';
import { seededTexts } from '../../../plugins/prompt-guard/seeded-texts.js';

// The whole-text search the tail replaces: every event end of the text, searched from its start.
const EVENT_END = /(?:\r\n|\r(?!\n)|\n)(?:\r\n|\r(?!\n)|\n)/g;
const allEnds = (text: string) => [...text.matchAll(EVENT_END)].map((m) => m.index + m[0].length);

/** `text` cut into reads of 1 to 6 characters, the same cuts every run. */
function reads(text: string, seed: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; ) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const n = 1 + ((seed >>> 8) % 6);
    out.push(text.slice(i, i + n));
    i += n;
  }
  return out;
}

const PIECES = ['\n', '\r', '\r\n', '\n\n', 'data: {"a":1}', 'event: x', ':', ' ', 'é'];
const TEXTS = [...seededTexts(PIECES, 4_000, 25, 77)];

describe('core/proxy/chat EventTail', () => {
  it('relays raw reads at the same event ends as searching the whole tail after every read', () => {
    let relayed = 0;
    TEXTS.forEach((text, t) => {
      const tail = new EventTail();
      let reference = '';
      const got: string[] = [];
      const want: string[] = [];
      for (const read of reads(text, t)) {
        tail.append(read);
        reference += read;
        const end = tail.lastEnd();
        if (end > 0) got.push(tail.take(end));
        const ends = allEnds(reference);
        if (ends.length) {
          want.push(reference.slice(0, ends[ends.length - 1]));
          reference = reference.slice(ends[ends.length - 1]);
        }
      }
      relayed += want.length;
      expect(got, JSON.stringify(text)).to.deep.equal(want);
      expect(tail.take()).to.equal(reference);
    });
    expect(relayed).to.be.greaterThan(5_000);
  });

  it('lists every event of each read, as searching the whole tail after every read does', () => {
    TEXTS.forEach((text, t) => {
      const tail = new EventTail();
      let reference = '';
      const got: string[] = [];
      const want: string[] = [];
      for (const read of reads(text, t + 1)) {
        tail.append(read);
        reference += read;
        let from = 0;
        const ends = tail.ends();
        const events = tail.take(ends.length ? ends[ends.length - 1] : 0);
        for (const end of ends) got.push(events.slice(from, (from = end)));
        from = 0;
        for (const end of allEnds(reference)) want.push(reference.slice(from, (from = end)));
        reference = reference.slice(from);
      }
      expect(got, JSON.stringify(text)).to.deep.equal(want);
      expect(tail.take()).to.equal(reference);
    });
  });

  it('finds an end whose line breaks come in different reads', () => {
    const tail = new EventTail();
    tail.append('data: 1\r');
    expect(tail.lastEnd()).to.equal(0);
    tail.append('\n\r');
    expect(tail.lastEnd()).to.equal(10);
    expect(tail.take(10)).to.equal('data: 1\r\n\r');
    tail.append('\ndata: 2\n');
    expect(tail.lastEnd()).to.equal(0);
    tail.append('\n');
    expect(tail.take(tail.lastEnd())).to.equal('\ndata: 2\n\n');
  });
});

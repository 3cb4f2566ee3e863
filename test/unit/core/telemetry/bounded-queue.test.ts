import { expect } from 'chai';
import { BoundedQueue } from '../../../../core/telemetry/bounded-queue.js';

/** The queue's rules on a plain array: drop the oldest when full, take from the front, requeue what fits. */
class ArrayQueue {
  items: number[] = [];
  dropped = 0;
  constructor(readonly capacity: number) {}
  push(item: number) {
    if (this.items.length >= this.capacity) {
      this.items.shift();
      this.dropped++;
    }
    this.items.push(item);
  }
  take(max: number) {
    return this.items.splice(0, max);
  }
  requeue(batch: number[]) {
    const room = this.capacity - this.items.length;
    if (room <= 0) {
      this.dropped += batch.length;
      return;
    }
    const kept = batch.slice(Math.max(0, batch.length - room));
    this.dropped += batch.length - kept.length;
    this.items = [...kept, ...this.items];
  }
}

describe('core/telemetry BoundedQueue', () => {
  it('keeps, drops and hands out entries as an array queue would, over seeded operations', () => {
    let seed = 11;
    const next = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
    let value = 0;
    for (let run = 0; run < 200; run++) {
      const capacity = 1 + next(9);
      const queue = new BoundedQueue<number>(capacity);
      const model = new ArrayQueue(capacity);
      for (let op = 0; op < 200; op++) {
        const kind = next(10);
        if (kind < 6) {
          queue.push(value);
          model.push(value++);
        } else if (kind < 9) {
          const max = next(capacity + 2);
          const batch = queue.take(max);
          expect(batch).to.deep.equal(model.take(max));
          // A failed delivery puts its batch back.
          if (next(2) === 0) {
            queue.requeue(batch);
            model.requeue([...batch]);
          }
        } else {
          const batch = Array.from({ length: next(capacity + 3) }, () => value++);
          queue.requeue(batch);
          model.requeue(batch);
        }
        expect(queue.size).to.equal(model.items.length);
        expect(queue.dropped).to.equal(model.dropped);
      }
      expect(queue.take(capacity)).to.deep.equal(model.items);
    }
  });

  it('drops the oldest entries once full', () => {
    const queue = new BoundedQueue<string>(3);
    for (const s of ['a', 'b', 'c', 'd', 'e']) queue.push(s);
    expect(queue.dropped).to.equal(2);
    expect(queue.take(10)).to.deep.equal(['c', 'd', 'e']);
    expect(queue.size).to.equal(0);
  });

  it('grows its storage only to what it held at once, when each batch empties it', () => {
    const queue = new BoundedQueue<number>(100_000);
    for (let round = 0; round < 1_000; round++) {
      for (let i = 0; i < 10; i++) queue.push(i);
      expect(queue.take(50)).to.have.length(10);
    }
    expect((queue as unknown as { slots: unknown[] }).slots.length).to.equal(10);
  });
});

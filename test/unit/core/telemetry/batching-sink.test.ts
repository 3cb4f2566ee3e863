import { expect } from 'chai';
import { logger } from '../../../../core/logging/logger.js';
import { BatchingSink } from '../../../../core/telemetry/batching-sink.js';
import { BoundedQueue } from '../../../../core/telemetry/bounded-queue.js';
import type { TelemetryEvent } from '../../../../core/telemetry/telemetry-event.js';

const event = (n: number): TelemetryEvent => ({ kind: 'metric', at: new Date().toISOString(), data: { n } });

describe('core/telemetry', () => {
  it('a full bounded queue drops the oldest entries and counts them', () => {
    const q = new BoundedQueue<number>(3);
    for (let i = 1; i <= 5; i++) q.push(i);
    expect(q.dropped).to.equal(2);
    expect(q.take(10)).to.deep.equal([3, 4, 5]);
  });

  it('a requeued batch goes back in front, dropping only what no longer fits', () => {
    const q = new BoundedQueue<number>(4);
    q.push(10);
    q.push(11);
    q.requeue([1, 2, 3]);
    expect(q.dropped).to.equal(1);
    expect(q.take(10)).to.deep.equal([2, 3, 10, 11]);
  });

  it('keeps every event through a delivery outage shorter than the buffer, in order', async () => {
    const delivered: number[] = [];
    let down = true;
    const sink = new BatchingSink({
      capacity: 1_000,
      batchSize: 7,
      intervalMs: 60_000,
      log: logger,
      async deliver(batch) {
        if (down) throw new Error('control plane unreachable');
        delivered.push(...batch.map((e) => e.data.n as number));
      },
    });
    for (let i = 0; i < 50; i++) sink.emit(event(i));
    await sink.flush();
    expect(delivered).to.deep.equal([]);
    expect(sink.pending).to.equal(50);
    down = false;
    await sink.flush();
    expect(delivered).to.deep.equal([...Array(50).keys()]);
    expect(sink.dropped).to.equal(0);
    await sink.close();
  });

  it('counts what an outage longer than the buffer drops, and never blocks the producer', async () => {
    const sink = new BatchingSink({ capacity: 10, intervalMs: 60_000, log: logger, deliver: async () => { throw new Error('down'); } });
    for (let i = 0; i < 25; i++) sink.emit(event(i));
    expect(sink.dropped).to.equal(15);
    expect(sink.pending).to.equal(10);
    await sink.flush();
    expect(sink.pending).to.equal(10);
    await sink.close().catch(() => undefined);
  });
});

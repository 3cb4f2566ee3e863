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
  it('with maxInFlight, hands over the next batches before the first delivery settles, and delivers each event once', async () => {
    const handedOver: number[][] = [];
    const settle: Array<() => void> = [];
    const sink = new BatchingSink({
      intervalMs: 60_000,
      batchSize: 16,
      maxInFlight: 4,
      log: logger,
      deliver: (batch) =>
        new Promise<void>((resolve) => {
          handedOver.push(batch.map((e) => e.data.n as number));
          settle.push(resolve);
        }),
    });
    for (let i = 0; i < 64; i++) sink.emit(event(i));
    const flushed = sink.flush();
    // Each batch is handed over a turn of the event loop after the one before.
    for (let turn = 0; turn < 20 && handedOver.length < 4; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(handedOver).to.have.length(4);
    for (const resolve of settle) resolve();
    await flushed;
    expect(handedOver.flat()).to.deep.equal([...Array(64).keys()]);
    expect(sink.pending).to.equal(0);
    await sink.close();
  });

  it('with maxInFlight, batches that failed while others were in flight go back in front, in order, and each event is delivered once', async () => {
    const delivered: number[] = [];
    const failedOnce = new Set<number>();
    const sink = new BatchingSink({
      intervalMs: 60_000,
      batchSize: 5,
      maxInFlight: 8,
      log: logger,
      async deliver(batch) {
        // Settles a few turns later, when the next batches are already in flight.
        for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
        const first = batch[0].data.n as number;
        if ((first === 5 || first === 10) && !failedOnce.has(first)) {
          failedOnce.add(first);
          throw new Error('store busy');
        }
        for (const e of batch) delivered.push(e.data.n as number);
      },
    });
    for (let i = 0; i < 30; i++) sink.emit(event(i));
    await sink.flush();
    expect([...failedOnce]).to.deep.equal([5, 10]);
    expect(delivered).to.not.include.members([5, 10]);
    expect(sink.pending).to.equal(30 - delivered.length);
    await sink.flush();
    expect(sink.pending).to.equal(0);
    expect([...delivered].sort((a, b) => a - b)).to.deep.equal([...Array(30).keys()]);
    // The retried batches were delivered first on the next flush, in the order they were taken.
    const retried = delivered.indexOf(5);
    expect(delivered.slice(retried, retried + 10)).to.deep.equal([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    await sink.close();
  });
  it('with maxInFlight, a flush (and so a clean close) also delivers what was emitted while its last batches were in flight', async () => {
    const delivered: number[] = [];
    let sink: BatchingSink;
    sink = new BatchingSink({
      intervalMs: 60_000,
      batchSize: 5,
      maxInFlight: 4,
      log: logger,
      async deliver(batch) {
        for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
        // Requests answered meanwhile emit their events.
        if (batch[0].data.n === 0) for (let i = 5; i < 10; i++) sink.emit(event(i));
        for (const e of batch) delivered.push(e.data.n as number);
      },
    });
    for (let i = 0; i < 5; i++) sink.emit(event(i));
    await sink.close();
    expect(delivered).to.deep.equal([...Array(10).keys()]);
    expect(sink.pending).to.equal(0);
  });
});

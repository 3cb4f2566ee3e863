import { expect } from 'chai';
import { observedSink, type QueueSink } from '../../../../core/observability/observed-sink.js';
import type { TelemetryEvent } from '../../../../core/telemetry/telemetry-event.js';
import { recordingLog } from './support.js';

function fakeQueue(): QueueSink & { events: TelemetryEvent[]; flushed: number; closed: number } {
  return {
    events: [], flushed: 0, closed: 0, dropped: 3, pending: 7,
    emit(event) {
      this.events.push(event);
    },
    async flush() {
      this.flushed++;
    },
    async close() {
      this.closed++;
    },
  };
}

const event: TelemetryEvent = { kind: 'metric', at: '2025-01-01T00:00:00.000Z', data: { status: 200 } };

describe('observability observed sink', () => {
  it('shows every event to the observers, then queues it', () => {
    const queue = fakeQueue();
    const seen: TelemetryEvent[] = [];
    const sink = observedSink(queue, [{ observe: (e) => seen.push(e) }], recordingLog());
    sink.emit(event);
    expect(seen).to.deep.equal([event]);
    expect(queue.events).to.deep.equal([event]);
  });

  it('still queues the event when an observer throws, and warns once', () => {
    const queue = fakeQueue();
    const log = recordingLog();
    let later = 0;
    const sink = observedSink(queue, [{ observe: () => { throw new Error('broken observer'); } }, { observe: () => later++ }], log);
    sink.emit(event);
    sink.emit(event);
    expect(queue.events).to.have.length(2);
    expect(later).to.equal(2);
    expect(log.lines.filter((l) => l.level === 'warn')).to.have.length(1);
  });

  it('reports the queue depth and drops of the sink it wraps, and passes flush and close on', async () => {
    const queue = fakeQueue();
    const sink = observedSink(queue, [], recordingLog());
    expect(sink.dropped).to.equal(3);
    expect(sink.pending).to.equal(7);
    await sink.flush();
    await sink.close();
    expect([queue.flushed, queue.closed]).to.deep.equal([1, 1]);
  });
});

/** What an attempt slot feeds latency balancing: the time to the upstream's answer headers, not the length of the answer. */
import { expect } from 'chai';
import { takeSlot } from '../../../../core/proxy/routing/attempt-slot.js';
import { InFlight } from '../../../../core/proxy/routing/in-flight.js';
import { PeakEwma } from '../../../../core/proxy/routing/peak-ewma.js';
import type { RoutingRuntime } from '../../../../core/proxy/routing/routing-runtime.js';

/** The parts of the routing runtime a slot uses, with no circuit breaker configured. */
function routing(): RoutingRuntime {
  return { breakers: { for: () => undefined }, inFlights: new InFlight(), latencies: new PeakEwma() } as unknown as RoutingRuntime;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('routing: attempt slots and latency', () => {
  it('an answered attempt counts up to its headers: a long (streamed) body after them is not latency', async () => {
    const r = routing();
    const slot = takeSlot(r, { id: 'reg' } as never)!;
    slot.answered();
    await pause(120);
    slot.release('success');
    expect(r.latencies.latency('reg')).to.be.below(100);
    expect(r.inFlights.get('reg')).to.equal(0);
  });

  it('an attempt that never got an answer (a connection failure, a timeout) counts until it is given back', async () => {
    const r = routing();
    const slot = takeSlot(r, { id: 'reg' } as never)!;
    await pause(60);
    slot.release('neutral');
    expect(r.latencies.latency('reg')).to.be.at.least(50);
  });
});

/**
 * The slot one upstream attempt holds on its registry: a circuit-breaker ticket (a probe while
 * half-open) and a place in the in-flight count that least-connections balancing reads. The
 * attempt loop takes it right before the call and gives it back, with the outcome, when the
 * answer (streamed or not) is over. The time to the upstream's answer headers feeds the
 * registry's latency average (latency balancing): a long streamed answer is not a slow upstream.
 * An attempt that never got headers (a connection failure, a timeout) counts until it is given back.
 */
import type { GatewayError } from '../../errors/gateway-error.js';
import type { RegistryView } from '../../snapshot/views.js';
import type { BreakerOutcome } from './circuit-breaker.js';
import { matchesTrigger } from './failure-triggers.js';
import type { RoutingRuntime } from './routing-runtime.js';

export interface AttemptSlot {
  /** Gives the slot back; the first call counts, later ones do nothing. */
  release(outcome: BreakerOutcome): void;
  /** How a failure counts for this registry's breaker (a failure, or a sign the upstream works). */
  outcomeOf(failure: GatewayError): BreakerOutcome;
  /** Whether the registry's breaker still lets traffic through (false once it opened). */
  open(): boolean;
  /** The upstream's answer headers arrived: records the attempt's latency (once). */
  answered(): void;
}

/** Takes a slot on the registry, or undefined when its breaker refuses the attempt. */
export function takeSlot(routing: RoutingRuntime, registry: RegistryView): AttemptSlot | undefined {
  const breaker = routing.breakers.for(registry);
  const ticket = breaker?.begin();
  if (breaker && !ticket) return undefined;
  const releaseFlight = routing.inFlights.acquire(registry.id);
  const takenAt = performance.now();
  let released = false;
  let measured = false;
  const measure = () => {
    if (measured) return;
    measured = true;
    routing.latencies.observe(registry.id, performance.now() - takenAt);
  };
  return {
    answered: measure,
    release(outcome) {
      if (released) return;
      released = true;
      releaseFlight();
      measure();
      if (breaker && ticket) breaker.settle(ticket, outcome);
    },
    outcomeOf(failure) {
      if (!breaker) return 'neutral';
      return matchesTrigger(failure, breaker.settings.on) ? 'failure' : 'success';
    },
    open: () => !breaker || breaker.state !== 'open',
  };
}

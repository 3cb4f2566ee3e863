/**
 * A registry's circuit breaker. Closed: requests flow and consecutive failures are counted;
 * `failure_threshold` of them open it. Open: the registry is shed from route plans for
 * `open_ms`. Half-open: up to `half_open_probes` requests probe it; `success_threshold`
 * successes close it, one failure opens it again.
 */
import type { CircuitBreakerSettings } from './routing-settings.js';

export type BreakerState = 'closed' | 'open' | 'half_open';

/** What one attempt through the breaker turned out to be. */
export type BreakerOutcome = 'success' | 'failure' | 'neutral';

/** A slot taken by `begin`; hand it back to `settle`. */
export interface BreakerTicket {
  readonly probe: boolean;
}

export class CircuitBreaker {
  private current: BreakerState = 'closed';
  private failures = 0;
  private successes = 0;
  private openedAt = 0;
  private probes = 0;

  constructor(
    public settings: CircuitBreakerSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** The state now (an open breaker whose time is up reads as half-open). */
  get state(): BreakerState {
    if (this.current === 'open' && this.now() - this.openedAt >= this.settings.open_ms) {
      this.current = 'half_open';
      this.successes = 0;
      this.probes = 0;
    }
    return this.current;
  }

  /** When an open breaker starts probing (epoch ms); undefined unless open. */
  get retryAt(): number | undefined {
    return this.state === 'open' ? this.openedAt + this.settings.open_ms : undefined;
  }

  /** Whether a route plan may include the registry now. */
  available(): boolean {
    const state = this.state;
    return state === 'closed' || (state === 'half_open' && this.probes < this.settings.half_open_probes);
  }

  /** Takes a slot for one attempt, or undefined when the breaker refuses it (open, or every probe slot taken). */
  begin(): BreakerTicket | undefined {
    const state = this.state;
    if (state === 'closed') return { probe: false };
    if (state === 'half_open' && this.probes < this.settings.half_open_probes) {
      this.probes++;
      return { probe: true };
    }
    return undefined;
  }

  /** Records how the attempt went. `neutral` (a client abort) changes nothing but frees the slot. */
  settle(ticket: BreakerTicket, outcome: BreakerOutcome): void {
    if (ticket.probe) this.probes = Math.max(0, this.probes - 1);
    if (outcome === 'neutral') return;
    const state = this.state;
    if (outcome === 'failure') {
      if (state === 'half_open' || ++this.failures >= this.settings.failure_threshold) this.open();
      return;
    }
    this.failures = 0;
    if (state === 'half_open' && ++this.successes >= this.settings.success_threshold) this.current = 'closed';
  }

  private open(): void {
    this.current = 'open';
    this.openedAt = this.now();
    this.failures = 0;
    this.successes = 0;
  }
}

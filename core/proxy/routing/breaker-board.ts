/**
 * The circuit breakers of a proxy plane, one per registry id that enables one. Breakers outlive
 * snapshots (a config change elsewhere does not close an open breaker); a settings change
 * retunes the registry's breaker in place.
 */
import type { RegistryView } from '../../snapshot/views.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { breakerSettings } from './routing-settings.js';

export class BreakerBoard {
  private readonly breakers = new Map<string, CircuitBreaker>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The registry's breaker, or undefined when its settings enable none. */
  for(registry: RegistryView): CircuitBreaker | undefined {
    const settings = breakerSettings(registry);
    if (!settings) {
      this.breakers.delete(registry.id);
      return undefined;
    }
    let breaker = this.breakers.get(registry.id);
    if (!breaker) this.breakers.set(registry.id, (breaker = new CircuitBreaker(settings, this.now)));
    else if (breaker.settings !== settings) breaker.settings = settings;
    return breaker;
  }
}

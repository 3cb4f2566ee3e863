/**
 * Runs the active health checks of every registry that enables them (LLM and MCP alike; the
 * probe fits the type), and keeps each one's health for the router and the MCP plane. Checks follow the config: `sync` with each new snapshot starts,
 * retunes and stops them. State is per registry id and in memory only, so it survives
 * snapshot swaps and never reaches the store.
 */
import type { Agent } from 'undici';
import { egressAgent } from '../../http/egress-dispatcher.js';
import { EgressPolicy } from '../../http/egress-policy.js';
import type { Logger } from '../../logging/logger.js';
import type { Snapshot } from '../../snapshot/snapshot.js';
import type { RegistryView } from '../../snapshot/views.js';
import { healthCheckSettings, type HealthCheckSettings } from '../routing/routing-settings.js';
import { probe } from './health-probe.js';
import { HealthState } from './health-state.js';

interface Check {
  registry: RegistryView;
  settings: HealthCheckSettings;
  /** Settings and base URL; a change restarts the schedule. */
  key: string;
  state: HealthState;
  timer?: NodeJS.Timeout;
}

export class HealthMonitor {
  private readonly checks = new Map<string, Check>();
  /** Checks obey the egress policy: a registry pointing inside is never probed, only marked unhealthy. */
  private readonly agent: Agent;
  private closed = false;

  constructor(
    private readonly log: Logger,
    egress: EgressPolicy = new EgressPolicy(),
  ) {
    this.agent = egressAgent(egress, { connections: 8, keepAliveTimeout: 10_000 });
  }

  /** Whether a registry may take traffic: true unless its checks have marked it unhealthy. */
  healthy(registryId: string): boolean {
    return this.checks.get(registryId)?.state.healthy ?? true;
  }

  /** Starts, retunes or stops checks so they match the snapshot's registries. */
  sync(snapshot: Snapshot): void {
    if (this.closed) return;
    const wanted = new Set<string>();
    for (const registry of snapshot.indexes.registriesById.values()) {
      let settings: HealthCheckSettings | undefined;
      try {
        settings = healthCheckSettings(registry);
      } catch (err) {
        this.log.error('registry health check settings are invalid; not checking it', { registry_id: registry.id, error: (err as Error).message });
      }
      if (!settings) continue;
      wanted.add(registry.id);
      const key = `${registry.baseUrl}|${JSON.stringify(settings)}`;
      const existing = this.checks.get(registry.id);
      if (existing) {
        existing.registry = registry;
        if (existing.key === key) continue;
        clearTimeout(existing.timer);
        existing.settings = settings;
        existing.key = key;
        existing.state.setThresholds(settings.unhealthy_threshold, settings.healthy_threshold);
        this.schedule(existing, 0);
        continue;
      }
      const check: Check = { registry, settings, key, state: new HealthState(settings.unhealthy_threshold, settings.healthy_threshold) };
      this.checks.set(registry.id, check);
      this.schedule(check, 0);
    }
    for (const [id, check] of this.checks) {
      if (wanted.has(id)) continue;
      clearTimeout(check.timer);
      this.checks.delete(id);
    }
  }

  private schedule(check: Check, delayMs: number): void {
    const key = check.key;
    check.timer = setTimeout(() => void this.run(check, key), delayMs);
    check.timer.unref();
  }

  private async run(check: Check, key: string): Promise<void> {
    const passed = await probe(check.registry, check.settings, this.agent);
    // The check was stopped or retuned while the probe ran: its new schedule owns it now.
    if (this.closed || this.checks.get(check.registry.id) !== check || check.key !== key) return;
    if (check.state.record(passed)) {
      const level = check.state.healthy ? 'info' : 'warn';
      this.log[level](check.state.healthy ? 'registry healthy again; back in its pools' : 'registry unhealthy; left its pools', { registry_id: check.registry.id });
    }
    this.schedule(check, check.settings.interval_ms);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const check of this.checks.values()) clearTimeout(check.timer);
    this.checks.clear();
    await this.agent.close();
  }
}

/**
 * Records the routing decision of one request while the plan is built: every member each
 * reference resolved to, what the strategy and the availability filter did with it, and the
 * fallback references that were skipped. It only copies what routing already computed, and it
 * lists at most MAX_LISTED_CANDIDATES members (the rest are counted), so a consumer with many
 * registries keeps a small trace.
 */
import type { RouteDecision, RouteDecisionBudgetStep, RouteDecisionCandidate } from '../../pipeline/exchange.js';
import type { Capability } from '../../providers/types.js';
import type { RouteMember } from './route-members.js';

/** Candidates listed per request; more are counted in `omitted`. */
export const MAX_LISTED_CANDIDATES = 32;

/** Skipped fallback references listed per request (the fallback chain is short; this bounds a long one). */
const MAX_LISTED_SKIPS = 16;

export class RouteDecisionLog {
  private readonly decision: RouteDecision;

  constructor(strategy: string, capability: Capability, tier?: RouteDecision['tier']) {
    // The filters resolution and chooseMember apply, in order: access (allow-list, roles, pins),
    // the route's capability, then health checks and circuit breakers.
    this.decision = { strategy, tier, filters: ['consumer_access', `capability:${capability}`, 'health', 'circuit_breaker'], candidates: [], omitted: 0, skipped_references: [] };
  }

  /** A member of `reference`: in the plan, left on standby, or dropped with `reason`. */
  candidate(reference: string, m: RouteMember, outcome: RouteDecisionCandidate['outcome'], reason?: string): void {
    if (this.decision.candidates.length >= MAX_LISTED_CANDIDATES) {
      this.decision.omitted++;
      return;
    }
    this.decision.candidates.push({ reference, registry_id: m.candidate.registry.id, model: m.model, outcome, ...(reason ? { reason } : {}) });
  }

  /** A fallback reference that could not be resolved (the error's message says why). */
  skipped(reference: string, reason: string): void {
    if (this.decision.skipped_references.length < MAX_LISTED_SKIPS) this.decision.skipped_references.push({ reference, reason });
  }

  /** How a budget's spend pressure changed the route (a capped tier, or the cheapest member). */
  budgetStep(step: RouteDecisionBudgetStep): void {
    this.decision.budget_step = step;
  }

  /** The decision, with the chosen target. */
  finish(chosen?: { registry: { id: string }; model: string; modelId?: string }): RouteDecision {
    if (chosen) this.decision.chosen = { registry_id: chosen.registry.id, model: chosen.modelId ?? chosen.model };
    return this.decision;
  }
}

/**
 * The core router: the `route` tap every chain carries at STAGE.LAST, so a routing policy that
 * taps earlier wins. It builds the plan with the plane's routing state; an expected refusal
 * (a model the consumer may not use, nothing available) comes back on the plan rather than as
 * a thrown error, which a chain would report as a failed policy.
 */
import type { CanonicalRequest } from '../../canonical/index.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { ChainMember } from '../../pipeline/chain.js';
import type { Exchange, RoutePlan } from '../../pipeline/exchange.js';
import { STAGE } from '../../pipeline/stages.js';
import type { RecordedTap } from '../../plugin/tap-recorder.js';
import { buildRoutePlan } from './route-plan.js';
import { budgetStepHeaders } from './smart/budget-cap.js';
import type { RoutingRuntime } from './routing-runtime.js';

/** The core router of a proxy plane sharing `routing`. */
export function coreRouter(routing: RoutingRuntime): ChainMember {
  const route = (request: CanonicalRequest, ctx: Exchange): RoutePlan => {
    try {
      const plan = buildRoutePlan(request, { consumer: ctx.consumer!, principal: ctx.principal, capability: 'chat', routing, pressure: ctx.routingPressure });
      // The step shows in the answer when routing applied it (never for a named model).
      if (plan.decision?.budget_step && ctx.routingPressure) Object.assign(ctx.responseHeaders, budgetStepHeaders(ctx.routingPressure));
      return plan;
    } catch (err) {
      if (err instanceof GatewayError) return { targets: [], reason: 'refused', refusal: err };
      throw err;
    }
  };
  return {
    plugin: 'core_router',
    priority: 0,
    parallel: false,
    failureMode: 'closed',
    // Synchronous: planning reads the snapshot and the routing state only.
    taps: [{ hook: 'route', stage: STAGE.LAST, sync: true, fn: route as RecordedTap['fn'] }],
  };
}

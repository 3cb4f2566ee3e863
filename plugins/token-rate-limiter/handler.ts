import { countersFor, type Exchange, type Outcome, type PluginKit, type RegistryService, type Rejection } from '../../core/plugin/index.js';
import { budgetCounters, type BudgetCounter } from './budget-keys.js';
import { estimatedTokens, unitsOf, usageTokens } from './charge.js';
import { priceOfCall, NANO_PER_DOLLAR, type BilledTokens } from './cost.js';
import { countOutputTokens } from './estimate.js';
import { actualTarget, expectedTarget, type BudgetTarget } from './expected-target.js';
import { isSpendingOperation, NO_ESTIMATE, OPERATION_RESERVATION, operationModel } from './operation-spend.js';
import { windowLabel } from './periods.js';
import { reserve, settle, type Reservation } from './reservation.js';
import { spendPressure, tighterPressure } from './step-down.js';
import type { TokenRateLimiterSettings } from './settings.js';
import { tokenizer, type TokenCounter } from './token-count.js';

function describe(settings: TokenRateLimiterSettings, units: number): string {
  return settings.unit === 'dollars' ? `$${(units / NANO_PER_DOLLAR).toFixed(4)}` : `${units} tokens`;
}

/**
 * `admit` (stage BUDGET): estimates the request (prompt counted with the tokenizer, output at
 * its cap), prices it for the model it will most likely reach, and reserves that on every
 * budget it counts against. A budget that cannot take it refuses the request with 429
 * `budget_exceeded` before any provider is called; one past a `step_down` threshold sets the
 * exchange's `routingPressure`, so `auto` routing steps down. The reservation is settled after the
 * response (kit.defer): real usage replaces the estimate; a failed or cached call releases it.
 */
export async function admitBudget(kit: PluginKit<TokenRateLimiterSettings>, ctx: Exchange): Promise<Rejection | undefined> {
  const settings = kit.config(ctx);
  const request = ctx.request;
  if (!ctx.consumer || (!request && !isSpendingOperation(ctx))) return undefined;
  const encoding = await tokenizer();
  if (!request) return admitOperationSpend(kit, ctx, settings, encoding);
  const expected = expectedTarget(ctx, kit.registries);
  const price = settings.unit === 'dollars' ? priceOfCall(expected.registry, expected.nativeModel, expected.model, settings.default_price) : undefined;
  if (settings.unit === 'dollars' && !price) {
    return kit.reject('forbidden', {
      message: `model ${expected.model} has no known price, so its dollar budget cannot be kept; set the registry's options.prices or the policy's default_price`,
      param: 'model',
    });
  }
  const estimate = estimatedTokens(encoding, request, settings);
  return reserveAndSettle(kit, ctx, settings, encoding, expected, estimate, unitsOf(settings, estimate, price));
}

/**
 * A spending operation other than chat: no price check before routing (the answering model's
 * price is known only after it), one unit reserved, the reported usage charged at settlement.
 */
function admitOperationSpend(kit: PluginKit<TokenRateLimiterSettings>, ctx: Exchange, settings: TokenRateLimiterSettings, encoding: TokenCounter): Promise<Rejection | undefined> {
  const model = operationModel(ctx);
  return reserveAndSettle(kit, ctx, settings, encoding, { model, nativeModel: model }, NO_ESTIMATE, OPERATION_RESERVATION);
}

/** Reserves `amount` on every budget the request counts against (429 when one cannot take it), and settles it after the response. */
async function reserveAndSettle(
  kit: PluginKit<TokenRateLimiterSettings>,
  ctx: Exchange,
  settings: TokenRateLimiterSettings,
  encoding: TokenCounter,
  expected: BudgetTarget,
  estimate: BilledTokens,
  amount: number,
): Promise<Rejection | undefined> {
  const admittedAt = kit.clock.now();
  const targets = budgetCounters(settings, kit.policy.id, ctx.consumer!.id, expected.model, admittedAt);
  if (targets.length === 0) return undefined;

  const counters = countersFor(kit.counters, settings.counter_sync, kit.log);
  let outcome: Reservation | { counter: BudgetCounter; used: number };
  try {
    outcome = await reserve(counters, targets, amount);
  } catch (err) {
    if (!settings.fault_tolerant) throw err;
    kit.log.warn('budget counters unavailable; request admitted (fault_tolerant)', { trace_id: ctx.traceId, error: (err as Error).message });
    ctx.findings.push({ plugin: 'token_rate_limiter', policyId: kit.policy.id, type: 'counter_unavailable', action: 'report' });
    return undefined;
  }
  if ('counter' in outcome) {
    const { counter, used } = outcome;
    const scope = counter.limit.per_model ? ` for ${expected.model}` : '';
    return kit.reject('budget_exceeded', {
      message: `budget exceeded${scope}: ${describe(settings, used)} of ${describe(settings, counter.capacity)} used this ${windowLabel(counter.limit.window)}; this request needs an estimated ${describe(settings, amount)}`,
      retryAfter: Math.max(1, Math.ceil((counter.period.end - admittedAt) / 1_000)),
    });
  }

  const reservation = outcome;
  // Near the end of a budget, `auto` routing steps down (step-down.ts) before refusals start.
  const pressure = spendPressure(settings, reservation.held, kit.policy.slug);
  if (pressure) ctx.routingPressure = tighterPressure(ctx.routingPressure, pressure);
  kit.defer(ctx, async (result: Outcome) => {
    const charged = chargeOf(kit.registries, ctx, result, settings, estimate, countOutputTokens.bind(null, encoding));
    const actual = charged.target ?? expected;
    const charges = charged.units > 0 ? budgetCounters(settings, kit.policy.id, ctx.consumer!.id, actual.model, admittedAt) : [];
    await settle(counters, reservation, charges, charged.units).catch((err: Error) =>
      kit.log.error('budget settlement failed: the reservation stays counted until its period ends', { trace_id: ctx.traceId, error: err.message }),
    );
  });
  return undefined;
}

/**
 * What the call really cost, in counter units. Usage the provider reported wins (streams
 * included); a stream that ended without usage is counted from its content (prompt as
 * estimated); a cached answer, or a call with no answer, costs nothing.
 */
function chargeOf(
  registries: RegistryService,
  ctx: Exchange,
  result: Outcome,
  settings: TokenRateLimiterSettings,
  estimate: BilledTokens,
  countOutput: (response: NonNullable<Exchange['response']>) => number,
): { units: number; target?: ReturnType<typeof actualTarget> } {
  if (result.cached) return { units: 0 };
  const target = actualTarget(ctx, registries);
  let tokens: BilledTokens | undefined;
  if (ctx.usage) tokens = usageTokens(ctx.usage);
  else if (ctx.response && target) tokens = { input: estimate.input, output: countOutput(ctx.response) };
  if (!tokens || !target) return { units: 0 };
  const price = settings.unit === 'dollars' ? priceOfCall(target.registry, target.nativeModel, target.model, settings.default_price) : undefined;
  return { units: unitsOf(settings, tokens, price), target };
}

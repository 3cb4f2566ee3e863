/**
 * A verdict as exchange findings: `block` stops the request (403 in the client's format, by the
 * core after the check stage); `ask` blocks too unless `allow_ask` (then it is recorded as
 * `report`); `report` and `transform` are recorded. Reasons name gates and rules, never text.
 */
import type { Exchange, ExchangeFinding } from '../../core/pipeline/exchange.js';
import type { GuardrailsSettings } from './settings.js';
import type { Verdict } from './service-client.js';

/** What stopped the request, by name. */
export function reasonOf(verdict: Verdict): string {
  const names = verdict.findings
    .filter((f) => f.outcome?.action === 'block' || f.outcome?.action === 'ask')
    .map((f) => f.source?.detector_name)
    .filter((n): n is string => typeof n === 'string');
  return names.length ? [...new Set(names)].join(', ') : verdict.status;
}

/** The action the gateway applies for a verdict status. */
export function appliedAction(verdict: Verdict, settings: GuardrailsSettings): ExchangeFinding['action'] {
  if (verdict.status === 'ask') return settings.allow_ask ? 'report' : 'block';
  return verdict.status;
}

/** Adds the finding the verdict calls for (none for allow). */
export function recordVerdict(ctx: Exchange, verdict: Verdict, settings: GuardrailsSettings, policyId: string, direction: 'input' | 'output'): void {
  const action = appliedAction(verdict, settings);
  if (action === 'allow') return;
  ctx.findings.push({
    plugin: 'guardrails',
    policyId,
    type: `guardrail.${direction}`,
    action,
    detail: {
      status: verdict.status,
      ...(verdict.trace_id ? { guardrail_trace_id: verdict.trace_id } : {}),
      ...(action === 'block' ? { reason: `${direction} ${verdict.status === 'ask' ? 'needs confirmation' : 'blocked'} by ${reasonOf(verdict)}` } : {}),
    },
  });
}

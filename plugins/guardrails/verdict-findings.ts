/**
 * A verdict as exchange findings: `block` stops the request (403 in the client's format, by the
 * core after the check stage); `ask` blocks too unless `allow_ask` (then it is recorded as
 * `report`); `report` and `transform` are recorded. Reasons name gates and rules, never text.
 */
import type { Exchange, ExchangeFinding } from '../../core/plugin/index.js';
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

/** The rules whose detector failed in the service (a fail-open policy there reports them). */
function failedDetectors(verdict: Verdict): string[] {
  const names = new Set<string>();
  for (const f of verdict.findings) if (f?.signal?.type === 'detector_error') names.add(String(f.source?.detector_name ?? 'unknown'));
  return [...names];
}

/**
 * Adds the finding the verdict calls for (none for allow), and a `guardrail.detector_error`
 * report when a detector failed in the service, so the request record shows the gap even when
 * the verdict let the exchange through.
 */
export function recordVerdict(ctx: Exchange, verdict: Verdict, settings: GuardrailsSettings, policyId: string, direction: 'input' | 'output'): void {
  const failed = failedDetectors(verdict);
  if (failed.length) {
    ctx.findings.push({ plugin: 'guardrails', policyId, type: 'guardrail.detector_error', action: 'report', detail: { direction, detectors: failed, ...(verdict.trace_id ? { guardrail_trace_id: verdict.trace_id } : {}) } });
  }
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

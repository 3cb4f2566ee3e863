import { GatewayError } from '../errors/gateway-error.js';
import type { Exchange } from '../pipeline/exchange.js';

/**
 * After a check stage: a `block` finding stops the request (403 in the client's format). `ask`
 * findings are blocks too unless the policy that raised them allowed asks (it then records
 * them as `report`).
 */
export function enforceFindings(ctx: Exchange, from: number): void {
  for (let i = from; i < ctx.findings.length; i++) {
    const finding = ctx.findings[i];
    if (finding.action === 'block' || finding.action === 'ask') {
      const reason = typeof finding.detail?.reason === 'string' ? `: ${finding.detail.reason}` : '';
      throw new GatewayError('guardrail_blocked', { message: `request blocked by policy ${finding.plugin}${reason}` });
    }
  }
}

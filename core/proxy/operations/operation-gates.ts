/**
 * What every non-chat operation does before it routes: refuse a method the path does not take
 * (400, as spec 7 sets for images, files and models), then run the `admit` stage (size, rate,
 * budget gates) as chat does.
 */
import type Koa from 'koa';
import { GatewayError } from '../../errors/gateway-error.js';
import type { Exchange } from '../../pipeline/exchange.js';
import type { PipelineHooks } from '../../pipeline/hooks.js';

/** Throws 400 `method_not_allowed` unless the request's method is one of `allowed`. */
export function requireMethod(koa: Koa.Context, route: string, allowed: readonly string[]): void {
  if (!allowed.includes(koa.method)) {
    throw new GatewayError('method_not_allowed', { message: `${koa.method} is not allowed on ${route}; use ${allowed.join(' or ')}` });
  }
}

/** The `admit` stage: the first gate's rejection is the answer. */
export async function admitOperation(hooks: PipelineHooks, ctx: Exchange): Promise<void> {
  const rejection = hooks.admit.taps.length ? await hooks.admit.promise(ctx) : undefined;
  if (rejection) throw rejection.error;
}

import type { ChainMember } from '../pipeline/chain.js';
import type { Exchange } from '../pipeline/exchange.js';
import { STAGE } from '../pipeline/stages.js';
import type { RecordedTap } from '../plugin/tap-recorder.js';
import { apiKeyScheme } from './auth/api-key-scheme.js';
import { oidcScheme } from './auth/oidc-scheme.js';
import { defaultRoutePlan } from './routing/resolve-model.js';
import type { CanonicalRequest } from '../canonical/index.js';

/** The core's default router: model resolution and fallbacks, tapped last so routing plugins win. */
export const defaultRouter: ChainMember = {
  plugin: 'core_router',
  priority: 0,
  parallel: false,
  failureMode: 'closed',
  taps: [
    {
      hook: 'route',
      stage: STAGE.LAST,
      sync: false,
      fn: (async (request: CanonicalRequest, ctx: Exchange) => defaultRoutePlan(request.model, ctx.consumer!, ctx.principal, 'chat')) as RecordedTap['fn'],
    },
  ],
};

/** Taps every snapshot's chains carry, before any policy's. */
export const PROXY_CORE_MEMBERS: readonly ChainMember[] = [apiKeyScheme, oidcScheme, defaultRouter];

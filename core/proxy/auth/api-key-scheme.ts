import type { ChainMember } from '../../pipeline/chain.js';
import type { Exchange } from '../../pipeline/exchange.js';
import { STAGE } from '../../pipeline/stages.js';
import type { RecordedTap } from '../../plugin/tap-recorder.js';
import { hashKey } from '../../security/api-keys.js';
import type { Principal } from '../../snapshot/views.js';
import { presentedCredential } from './credentials.js';

/** Recognises an `ag_` consumer key by its SHA-256 in the snapshot (no store access). */
function authenticateApiKey(ctx: Exchange): Principal | undefined {
  const credential = presentedCredential(ctx.incoming);
  if (!credential?.startsWith('ag_')) return undefined;
  const auth = ctx.snapshot.authByKeyHash(hashKey(credential));
  if (!auth) return undefined;
  return { gatewayId: auth.gateway_id, authId: auth._id, kind: 'api_key' };
}

/** The core's key scheme, tapped into every snapshot's entry hooks. */
export const apiKeyScheme: ChainMember = {
  plugin: 'core_api_key',
  priority: 0,
  parallel: false,
  failureMode: 'closed',
  // Synchronous: a hash and a map lookup, no promise needed.
  taps: [{ hook: 'authenticate', stage: STAGE.AUTH, sync: true, fn: authenticateApiKey as RecordedTap['fn'] }],
};

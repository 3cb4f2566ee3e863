/**
 * Resolves the collector of an evaluation from its `tgk_` key (spec 5): missing or unknown key
 * 401, inactive or expired key 403. Keys are looked up by hash in the snapshot, never the store.
 */
import { GatewayError } from '../../errors/gateway-error.js';
import { hashKey } from '../../security/api-keys.js';
import type { CompiledKey, GuardrailConfig } from '../config/compiled-config.js';

/** The key of `Authorization: Bearer tgk_...` and its collector; throws 401 or 403. */
export function authenticateCollector(config: GuardrailConfig, authorization: string | undefined, now = Date.now()): CompiledKey {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) throw new GatewayError('unauthorized', { message: 'a collector key is required: Authorization: Bearer tgk_...' });
  const key = config.keysByHash.get(hashKey(match[1]));
  if (!key) throw new GatewayError('unauthorized', { message: 'the collector key is not valid' });
  if (!key.record.active) throw new GatewayError('forbidden', { message: 'the collector key is inactive' });
  if (key.expiresAt !== undefined && key.expiresAt <= now) throw new GatewayError('forbidden', { message: `the collector key expired at ${key.record.expires_at}` });
  return key;
}

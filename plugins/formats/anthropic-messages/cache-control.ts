import { type CacheHint, FormatError } from '../../../core/plugin/index.js';
import { childPath, expectObject, optionalString, type JsonObject } from '../../shared/formats/json-fields.js';
import type { AnthropicCacheControl } from './wire-types.js';

/**
 * `cache_control` <-> the canonical cache hint. Anthropic's only cache type is `ephemeral`, with
 * an optional `ttl` (`5m`, `1h`): https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching
 */

/** The block's `cache_control`, if any. */
export function decodeCache(block: JsonObject, path: string): CacheHint | undefined {
  const raw = block.cache_control;
  if (raw === undefined || raw === null) return undefined;
  const at = childPath(path, 'cache_control');
  const obj = expectObject(raw, at);
  if (obj.type !== 'ephemeral') throw new FormatError(`${at}.type must be "ephemeral"`, `${at}.type`);
  const ttl = optionalString(obj, 'ttl', at);
  return ttl === undefined ? { type: 'ephemeral' } : { type: 'ephemeral', ttl };
}

/** `cache_control` for a canonical hint. */
function encodeCache(hint: CacheHint): AnthropicCacheControl {
  return hint.ttl === undefined ? { type: 'ephemeral' } : { type: 'ephemeral', ttl: hint.ttl };
}

/** Adds `cache_control` to a block when the part carries a hint. */
export function withCache<T extends object>(block: T, hint: CacheHint | undefined): T {
  return hint ? { ...block, cache_control: encodeCache(hint) } : block;
}

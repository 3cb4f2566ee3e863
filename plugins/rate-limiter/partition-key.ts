import { createHash } from 'node:crypto';
import type { Exchange } from '../../core/plugin/index.js';
import type { RatePartition } from './settings.js';

const PIN = /^@[^/]+\//;

/** Short, key-safe digest of a caller-chosen value (header values can be anything). */
const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 16);

/** One partition's value for this request; '' when the request has none (they share a counter). */
function partValue(part: RatePartition, ctx: Exchange, headerName?: string): string {
  switch (part) {
    case 'model':
      // `@openai/gpt-4o` and `gpt-4o` are the same model to a limit.
      return (ctx.request?.model ?? '').replace(PIN, '');
    case 'auth':
      return ctx.principal ? `${ctx.principal.authId}/${ctx.principal.subject ?? ''}` : '';
    case 'header': {
      const raw = headerName ? ctx.incoming.headers[headerName.toLowerCase()] : undefined;
      const value = Array.isArray(raw) ? raw[0] : raw;
      return value === undefined ? '' : digest(value);
    }
  }
}

/**
 * The counter key of a request: the policy, the consumer, then each configured partition.
 * Ids are stable across config revisions and identical on every data plane, so shared
 * counters line up.
 */
export function partitionKey(policyId: string, ctx: Exchange, partitions: readonly RatePartition[], headerName?: string): string {
  const parts = partitions.map((p) => `${p}=${encodeURIComponent(partValue(p, ctx, headerName))}`);
  return ['rate', policyId, ctx.consumer?.id ?? '-', ...parts].join(':');
}

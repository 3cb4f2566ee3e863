/**
 * What a log line may show, and the readable line: values that look like secrets (gateway and
 * collector keys, bearer tokens, provider keys) are masked, and fields named like secrets
 * redacted, in every line the process writes, whichever way it is made (logger.ts, line-batch.ts).
 */

const SECRET_PATTERNS: RegExp[] = [
  /\b(ag|tgk)_[A-Za-z0-9_-]{16,}/g,
  /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/gi,
  /\bsk-[A-Za-z0-9_-]{8,}/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g,
];
const SECRET_KEYS = /^(authorization|x-api-key|x-ag-api-key|x-goog-api-key|api_key|apikey|secret|client_secret|password|key|key_hash|token|access_token)$/i;

// Each pattern above needs one of these literals: most strings (paths, slugs, ids) have none and
// are passed by one test instead of four replacements (the access log writes one line per request).
const MAY_HOLD_SECRET = /ag_|tgk_|sk-|eyJ|bearer/i;

/** Masks secrets in a string. */
export function maskSecrets(text: string): string {
  if (!MAY_HOLD_SECRET.test(text)) return text;
  let out = text;
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, (m) => `${m.slice(0, 4)}…[redacted]`);
  return out;
}

/** A field's value as a line may show it: a secret-named key's value redacted, every string masked. */
export function scrubField(key: string, value: unknown): unknown {
  return isSecretKey(key) && value ? '[redacted]' : scrub(value);
}

/** Whether a field of this name holds a secret, whatever its value looks like. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.test(key);
}

/** `value` with every string in it masked and every secret-named field redacted. */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskSecrets(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) && v ? '[redacted]' : scrub(v, depth + 1);
  return out;
}

/** The readable line of `fields` (see readableLine), already masked. */
export function readableText(timestamp: unknown, level: unknown, message: unknown, fields: ReadonlyArray<[string, unknown]>): string {
  let rest = '';
  for (const [key, value] of fields) rest += ` ${key}=${typeof value === 'string' ? (/\s/.test(value) ? JSON.stringify(value) : value) : JSON.stringify(value)}`;
  return `${String(timestamp)} ${String(level).toUpperCase().padEnd(5)} ${String(message)}${rest}`;
}

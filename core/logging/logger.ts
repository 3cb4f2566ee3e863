/**
 * winston JSON logs. Every line may carry a `trace_id`. Values that look like secrets (gateway
 * and collector keys, bearer tokens, provider keys) are masked before a line is written, so a
 * careless log call cannot leak one.
 */
import winston from 'winston';

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

function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskSecrets(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) && v ? '[redacted]' : scrub(v, depth + 1);
  return out;
}

const scrubFormat = winston.format((info) => {
  for (const key of Object.keys(info)) {
    if (key === 'level') continue;
    (info as Record<string, unknown>)[key] = SECRET_KEYS.test(key) && info[key] ? '[redacted]' : scrub(info[key]);
  }
  return info;
});

export type Logger = winston.Logger;

/** `PORTCULLIS_LOG_LEVEL`: a winston level, or `silent` (the test suite's default). */
const level = process.env.PORTCULLIS_LOG_LEVEL ?? 'info';

/**
 * A line for a person at a terminal: time, level, message, then the fields as `key=value`
 * (already masked). Machines (log shippers, `docker logs` collectors) get JSON.
 */
export const readableLine = winston.format.printf((info) => {
  const { level: lineLevel, message, timestamp, ...fields } = info as Record<string, unknown>;
  const rest = Object.entries(fields)
    .filter(([key]) => typeof key === 'string')
    .map(([key, value]) => `${key}=${typeof value === 'string' ? (/\s/.test(value) ? JSON.stringify(value) : value) : JSON.stringify(value)}`)
    .join(' ');
  return `${String(timestamp)} ${String(lineLevel).toUpperCase().padEnd(5)} ${String(message)}${rest ? ` ${rest}` : ''}`;
});

/**
 * JSON lines, or readable lines when standard error (where logs go) is a terminal;
 * `PORTCULLIS_LOG_FORMAT=json|text` chooses either way.
 */
export function logFormatFor(env: NodeJS.ProcessEnv = process.env, terminal = !!process.stderr.isTTY): winston.Logform.Format {
  const text = env.PORTCULLIS_LOG_FORMAT ? env.PORTCULLIS_LOG_FORMAT === 'text' : terminal;
  return winston.format.combine(scrubFormat(), winston.format.timestamp(), text ? readableLine : winston.format.json());
}

/** The process logger; `logger.child({ plane: 'proxy' })` for a plane or plugin. */
export const logger: Logger = winston.createLogger({
  level: level === 'silent' ? 'error' : level,
  silent: level === 'silent',
  format: logFormatFor(),
  transports: [new winston.transports.Console({ stderrLevels: ['error', 'warn', 'info', 'debug'] })],
});

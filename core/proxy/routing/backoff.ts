/**
 * How long to wait before retrying a target: exponential backoff with jitter, never shorter
 * than the upstream's Retry-After (RFC 9110 section 10.2.3: seconds or an HTTP date).
 */
import type { GatewayError } from '../../errors/gateway-error.js';
import type { RetrySettings } from './routing-settings.js';

/** A Retry-After header value in milliseconds from `now`, or undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The backoff before retry number `retry` (0 for the first): `initial * multiplier^retry`, capped, minus a random share. */
export function backoffMs(settings: RetrySettings, retry: number, random: () => number = Math.random): number {
  const base = Math.min(settings.max_delay_ms, settings.initial_delay_ms * settings.multiplier ** retry);
  return Math.round(base * (1 - settings.jitter * random()));
}

/**
 * The wait before retry number `retry` after `error`, or undefined when the upstream asks for
 * a longer pause than the consumer allows (the chain then moves on instead of waiting).
 */
export function retryDelayMs(settings: RetrySettings, retry: number, error: GatewayError, random: () => number = Math.random): number | undefined {
  const backoff = backoffMs(settings, retry, random);
  if (!settings.respect_retry_after) return backoff;
  const asked = parseRetryAfter(error.headers['retry-after']);
  if (asked === undefined) return backoff;
  if (asked > settings.max_retry_after_ms) return undefined;
  return Math.max(asked, backoff);
}

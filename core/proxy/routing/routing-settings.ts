/**
 * The router's typed view of a consumer's and a registry's resilience settings (retry,
 * timeouts, fallback triggers, circuit breaker, health check), validated against
 * schemas/plugins/routing.schema.json with its defaults applied. Read once per snapshot view
 * (cached on the frozen view), never per request.
 */
import { GatewayError } from '../../errors/gateway-error.js';
import { describeErrors, validatorFor } from '../../schema/ajv.js';
import type { ConsumerView, RegistryView } from '../../snapshot/views.js';

const SCHEMA = 'https://portcullis.dev/schemas/plugins/routing.schema.json';

/** Retries of one target (schema `$defs/retry`). */
export interface RetrySettings {
  max_retries: number;
  on: string[];
  initial_delay_ms: number;
  max_delay_ms: number;
  multiplier: number;
  jitter: number;
  respect_retry_after: boolean;
  max_retry_after_ms: number;
}

/** Attempt time limits (schema `$defs/timeouts`). */
export interface TimeoutSettings {
  attempt_ms?: number;
  total_ms?: number;
}

/** A registry's circuit breaker (schema `$defs/circuit_breaker`). */
export interface CircuitBreakerSettings {
  enabled: boolean;
  failure_threshold: number;
  open_ms: number;
  half_open_probes: number;
  success_threshold: number;
  on: string[];
}

/** A registry's active health check (schema `$defs/health_check`). */
export interface HealthCheckSettings {
  enabled: boolean;
  interval_ms: number;
  timeout_ms: number;
  path?: string;
  unhealthy_threshold: number;
  healthy_threshold: number;
}

/** Everything the attempt loop needs from a consumer. */
export interface ConsumerRouting {
  retry: RetrySettings;
  timeouts: TimeoutSettings;
  /** Fallback triggers (`fallback.on`), defaults applied. */
  triggers: readonly string[];
}

/** Fallback triggers when the consumer names none. */
export const DEFAULT_TRIGGERS: readonly string[] = ['429', '5xx', 'timeout', 'connection'];

/** Validates a copy of `value` against one `$defs` entry, defaults applied; a bad value is a 500 naming the field. */
function read<T>(def: string, value: unknown, where: string): T {
  const validate = validatorFor<T>(`${SCHEMA}#/$defs/${def}`);
  const copy = structuredClone(value ?? {}) as T;
  if (!validate(copy)) {
    throw new GatewayError('internal_error', { message: `invalid routing settings: ${describeErrors(validate.errors, where)}` });
  }
  return copy;
}

const consumerCache = new WeakMap<ConsumerView, ConsumerRouting>();

/** The consumer's retry, timeout and fallback-trigger settings. */
export function consumerRouting(consumer: ConsumerView): ConsumerRouting {
  let cached = consumerCache.get(consumer);
  if (!cached) {
    const record = consumer.record as Record<string, unknown>;
    const on = consumer.record.fallback?.on;
    cached = {
      retry: read<RetrySettings>('retry', record.retry, '/retry'),
      timeouts: read<TimeoutSettings>('timeouts', record.timeouts, '/timeouts'),
      triggers: on?.length ? [...on] : DEFAULT_TRIGGERS,
    };
    consumerCache.set(consumer, cached);
  }
  return cached;
}

const breakerCache = new WeakMap<RegistryView, CircuitBreakerSettings | null>();

/** The registry's circuit-breaker settings, or undefined when it has none enabled. */
export function breakerSettings(registry: RegistryView): CircuitBreakerSettings | undefined {
  let cached = breakerCache.get(registry);
  if (cached === undefined) {
    const raw = (registry.record as Record<string, unknown>).circuit_breaker;
    const settings = raw ? read<CircuitBreakerSettings>('circuit_breaker', raw, '/circuit_breaker') : undefined;
    cached = settings?.enabled ? settings : null;
    breakerCache.set(registry, cached);
  }
  return cached ?? undefined;
}

/** The registry's health-check settings, or undefined when checks are off. */
export function healthCheckSettings(registry: RegistryView): HealthCheckSettings | undefined {
  const raw = registry.record.health_check;
  if (!raw?.enabled) return undefined;
  return read<HealthCheckSettings>('health_check', raw, '/health_check');
}

/**
 * `GET /v1/gateways/{gateway_id}/usage`: requests, tokens in and out and cost of the gateway's
 * proxied calls over time (`from`, `to`, `interval` hour|day), per `group_by` consumer, model
 * or registry, from the hourly rollup of metrics events (core/telemetry/usage-rollup.ts).
 * Tenant-scoped like every gateway route. The range and bucket count are bounded: beyond them,
 * or on an unknown parameter or value, 400 `validation_failed` naming the parameter.
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import { GatewayError } from '../../errors/gateway-error.js';
import { INTERVAL_MS, queryUsage, type UsageGroupBy, type UsageInterval } from '../../telemetry/usage-query.js';
import type { AdminDeps } from '../app.js';
import { gatewayInScope } from '../http/gateway-scope.js';

/** The longest range answered, in days (the rollup keeps a little more). */
export const USAGE_MAX_RANGE_DAYS = 93;
/** The most buckets one answer has (31 days of hours). */
export const USAGE_MAX_BUCKETS = 744;
/** The range when `from` is absent: the 24 hours before `to`. */
const DEFAULT_RANGE_MS = 24 * 3_600_000;

const INTERVALS: readonly UsageInterval[] = ['hour', 'day'];
const GROUPS: readonly UsageGroupBy[] = ['consumer', 'model', 'registry'];
const KNOWN = new Set(['from', 'to', 'interval', 'group_by']);

const refuse = (name: string, message: string) => new GatewayError('validation_failed', { status: 400, message: `/${name} ${message}` });

function one(koa: Koa.Context, name: string): string | undefined {
  const raw = koa.query[name];
  return Array.isArray(raw) ? raw[0] : raw;
}

function choice<T extends string>(koa: Koa.Context, name: string, allowed: readonly T[], fallback: T): T {
  const value = one(koa, name);
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw refuse(name, `must be one of ${allowed.join(', ')}`);
  return value as T;
}

function instant(koa: Koa.Context, name: string): Date | undefined {
  const value = one(koa, name);
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw refuse(name, 'must be an RFC 3339 date-time');
  return date;
}

const floorTo = (ms: number, step: number) => ms - (ms % step);

/** The checked query: `from` aligned down to its bucket; `to` by default the end of the current bucket. */
function usageQuery(koa: Koa.Context, gatewayId: string) {
  for (const name of Object.keys(koa.query)) {
    if (!KNOWN.has(name)) throw refuse(name, `is not a parameter of the usage route (${[...KNOWN].join(', ')})`);
  }
  const interval = choice(koa, 'interval', INTERVALS, 'hour');
  const groupBy = choice(koa, 'group_by', GROUPS, 'consumer');
  const step = INTERVAL_MS[interval];
  const to = instant(koa, 'to') ?? new Date(floorTo(Date.now(), step) + step);
  const from = new Date(floorTo((instant(koa, 'from') ?? new Date(to.getTime() - DEFAULT_RANGE_MS)).getTime(), step));
  if (to.getTime() <= from.getTime()) throw refuse('to', 'must be after from');
  if (to.getTime() - from.getTime() > USAGE_MAX_RANGE_DAYS * 86_400_000) throw refuse('from', `is more than ${USAGE_MAX_RANGE_DAYS} days before to`);
  const buckets = Math.ceil((to.getTime() - from.getTime()) / step);
  if (buckets > USAGE_MAX_BUCKETS) throw refuse('interval', `${interval} makes ${buckets} buckets over this range, more than ${USAGE_MAX_BUCKETS}: ask for day, or a shorter range`);
  return { gatewayId, from, to, interval, groupBy };
}

/** Registers the usage route. */
export function usageRoutes(router: Router, deps: AdminDeps): void {
  router.get('/v1/gateways/:gateway_id/usage', async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const query = usageQuery(koa, gateway._id);
    const report = await queryUsage(deps.store, query);
    koa.body = {
      gateway_id: gateway._id,
      from: query.from.toISOString(),
      to: query.to.toISOString(),
      interval: query.interval,
      group_by: query.groupBy,
      ...report,
    };
  });
}

/**
 * `GET /v1/activity`: the recorded evaluations, newest first, paginated, filtered by
 * `trace_id`, `session_id`, `consumer_id`, `collector_id` and a time range (`from`, `to`,
 * RFC 3339). Records hold findings only (see evaluation/activity-event.ts).
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import { pageRequest } from '../../admin/http/pagination.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { Doc, Filter } from '../../store/types.js';
import { TELEMETRY_COLLECTIONS } from '../../telemetry/telemetry-event.js';
import type { ManagementDeps } from '../management/management-deps.js';
import { tenantFilter } from '../management/tenant-scope.js';

const EQUALITY_FILTERS = ['trace_id', 'session_id', 'consumer_id', 'collector_id'] as const;
const KNOWN = new Set<string>([...EQUALITY_FILTERS, 'from', 'to', 'page', 'size']);

function one(koa: Koa.Context, name: string): string | undefined {
  const raw = koa.query[name];
  return Array.isArray(raw) ? raw[0] : raw;
}

function instant(koa: Koa.Context, name: string): Date | undefined {
  const text = one(koa, name);
  if (text === undefined) return undefined;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new GatewayError('validation_failed', { message: `/${name} must be an RFC 3339 date-time` });
  return date;
}

function filterOf(koa: Koa.Context): Filter {
  for (const name of Object.keys(koa.query)) {
    if (!KNOWN.has(name)) throw new GatewayError('validation_failed', { message: `/${name} is not a filter of /v1/activity (${[...KNOWN].join(', ')})` });
  }
  const filter: Filter = { ...tenantFilter(koa) };
  for (const name of EQUALITY_FILTERS) {
    const value = one(koa, name);
    if (value !== undefined) filter[name] = value;
  }
  const from = instant(koa, 'from');
  const to = instant(koa, 'to');
  if (from || to) filter.at = { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) };
  return filter;
}

function activityView(doc: Doc): Record<string, unknown> {
  const { _id, at, ...rest } = doc;
  return { id: _id, at: at instanceof Date ? at.toISOString() : at, ...rest };
}

/** Registers `GET /v1/activity`. */
export function activityRoutes(router: Router, deps: ManagementDeps, admin: Koa.Middleware): void {
  router.get('/v1/activity', admin, async (koa) => {
    await deps.ready;
    const filter = filterOf(koa);
    const page = pageRequest(koa);
    const collection = deps.store.collection(TELEMETRY_COLLECTIONS.activity);
    const [docs, total] = await Promise.all([
      collection.find(filter, { sort: { at: -1, _id: -1 }, skip: (page.page - 1) * page.size, limit: page.size }),
      collection.count(filter),
    ]);
    koa.body = { items: docs.map(activityView), page: page.page, size: page.size, total };
  });
}

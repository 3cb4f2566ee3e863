/**
 * Paginated listings: `{items, page, size, total}` with `page` from 1 and `size` 20 by
 * default, at most 100. Out-of-range values are refused (422), never clamped.
 */
import type Koa from 'koa';
import { GatewayError } from '../../errors/gateway-error.js';
import type { Collection, Doc, Filter } from '../../store/types.js';

/** Page size when `size` is omitted. */
const DEFAULT_PAGE_SIZE = 20;
/** Largest page size accepted. */
const MAX_PAGE_SIZE = 100;

/** The requested page and size. */
export interface PageRequest {
  page: number;
  size: number;
}

/** A paginated answer. */
export interface Page<T> {
  items: T[];
  page: number;
  size: number;
  total: number;
}

function positiveInteger(koa: Koa.Context, name: string, fallback: number, max?: number): number {
  const raw = koa.query[name];
  if (raw === undefined) return fallback;
  const text = Array.isArray(raw) ? raw[0] : raw;
  const value = Number(text);
  if (!/^\d+$/.test(text ?? '') || value < 1) throw new GatewayError('validation_failed', { message: `/${name} must be an integer >= 1` });
  if (max !== undefined && value > max) throw new GatewayError('validation_failed', { message: `/${name} must be <= ${max}` });
  return value;
}

/** The `page` and `size` query parameters. */
export function pageRequest(koa: Koa.Context): PageRequest {
  return { page: positiveInteger(koa, 'page', 1), size: positiveInteger(koa, 'size', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE) };
}

/** One page of a collection's matching records, oldest first, each shown through `view`. */
export async function listPage<T extends Doc, V>(collection: Collection<T>, filter: Filter, request: PageRequest, view: (doc: T) => V): Promise<Page<V>> {
  const [docs, total] = await Promise.all([
    collection.find(filter, { sort: { created_at: 1, _id: 1 }, skip: (request.page - 1) * request.size, limit: request.size }),
    collection.count(filter),
  ]);
  return { items: docs.map(view), page: request.page, size: request.size, total };
}

/** One page of an in-memory list (catalogs). */
export function pageOf<V>(all: readonly V[], request: PageRequest): Page<V> {
  const start = (request.page - 1) * request.size;
  return { items: all.slice(start, start + request.size), page: request.page, size: request.size, total: all.length };
}

/**
 * `GET /metrics`: the Prometheus text of this process. It answers ahead of every other
 * middleware of a plane, as health checks do, so it needs no admin credentials: operators
 * restrict it at the network level (docs/observability.md).
 */
import type Koa from 'koa';
import type { Plane } from '../config/settings.js';
import type { GatewayMetrics } from './gateway-metrics.js';

/** The path Prometheus scrapes. */
export const METRICS_PATH = '/metrics';

/** Answers `GET /metrics` (and HEAD) with the registry's text; any other request goes on. */
export function metricsMiddleware(metrics: GatewayMetrics): Koa.Middleware {
  return async (koa, next) => {
    if (koa.path !== METRICS_PATH || (koa.method !== 'GET' && koa.method !== 'HEAD')) return next();
    koa.set('cache-control', 'no-store');
    koa.type = metrics.contentType;
    koa.body = await metrics.text();
  };
}

/**
 * Puts the metrics middleware in front of a plane's app, before its auth and error mappers.
 * Call before the app is listening (Koa composes its middleware when the server is created).
 */
export function mountMetricsEndpoint(app: Koa, metrics: GatewayMetrics): void {
  app.middleware.unshift(metricsMiddleware(metrics) as Koa.Middleware);
}

/**
 * Which planes of a process serve `/metrics`: admin and guardrail. The proxy plane faces API
 * clients, so it serves it only in a process with neither (a proxy-only data plane), which would
 * otherwise have nothing to scrape; `metrics` is a reserved consumer slug, so no consumer path
 * is shadowed.
 */
export function metricsPlanes(planes: readonly Plane[]): Plane[] {
  const internal = planes.filter((p) => p === 'admin' || p === 'guardrail');
  return internal.length ? internal : planes.filter((p) => p === 'proxy');
}

/**
 * `GET /metrics`: the Prometheus text of this process. It answers ahead of every other
 * middleware of a plane, as health checks do, and checks its own credential: the metrics token
 * (PORTCULLIS_METRICS_TOKEN) or a platform admin's token. Counts of every tenant are in it, so a
 * tenant admin is refused (403); an operator on a private network may make it public
 * (PORTCULLIS_METRICS_PUBLIC=true). docs/observability.md shows a scrape config.
 */
import type Koa from 'koa';
import { matchesSecretDigest, secretDigest } from '../security/same-secret.js';
import type { AdminTokenVerifier } from '../admin/auth/admin-token.js';
import { authenticateAdmin } from '../admin/auth/require-admin.js';
import type { Plane } from '../config/settings.js';
import { GatewayError } from '../errors/gateway-error.js';
import { errorAnswer } from '../http/error-body.js';
import type { Logger } from '../logging/logger.js';
import type { Store } from '../store/types.js';
import type { MetricsSource } from './gateway-metrics.js';

/** The path Prometheus scrapes. */
export const METRICS_PATH = '/metrics';

/** Who may scrape `/metrics`. */
export interface MetricsAccess {
  /** The metrics token scrapers present as `Authorization: Bearer <token>`. */
  token?: string;
  /** Open to anyone who can reach the port (a private network); no credential is checked. */
  public: boolean;
  /** Verifies admin tokens: a platform admin may scrape, a tenant admin may not. */
  verifier: AdminTokenVerifier;
  /** Where a machine token's credential is checked; absent on a data plane (machine tokens refused). */
  store?: Store;
  log: Logger;
}

/** Throws 401 (no or a wrong credential) or 403 (a tenant admin) unless the caller may scrape. */
async function checkScraper(koa: Koa.Context, access: MetricsAccess, tokenDigest: Buffer | undefined): Promise<void> {
  if (access.public) return;
  const authorization = koa.get('authorization');
  const presented = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  if (!presented) throw new GatewayError('unauthorized', { message: 'metrics need a credential: the metrics token or a platform admin token (Authorization: Bearer ...)' });
  if (tokenDigest && matchesSecretDigest(presented, tokenDigest)) return;
  // Not the metrics token: it may be an admin token (anything else is 401 from the verifier).
  const admin = await authenticateAdmin(access.verifier, access.store, authorization);
  if (!admin.platformAdmin) throw new GatewayError('forbidden', { message: 'metrics cover every tenant: a platform admin token or the metrics token is required' });
}

/** Answers `GET /metrics` (and HEAD) with the registry's text to an allowed scraper; any other request goes on. */
export function metricsMiddleware(metrics: MetricsSource, access: MetricsAccess): Koa.Middleware {
  const tokenDigest = access.token ? secretDigest(access.token) : undefined;
  return async (koa, next) => {
    if (koa.path !== METRICS_PATH || (koa.method !== 'GET' && koa.method !== 'HEAD')) return next();
    koa.set('cache-control', 'no-store');
    try {
      await checkScraper(koa, access, tokenDigest);
    } catch (err) {
      // Ahead of the plane's error mapper: answer in the admin planes' `{error, message}` shape here.
      const answer = errorAnswer(err, access.log, koa.path);
      koa.status = answer.status;
      for (const [k, v] of Object.entries(answer.headers)) koa.set(k, v);
      koa.body = answer.body;
      return;
    }
    let text: string;
    try {
      text = await metrics.text();
    } catch (err) {
      // A worker whose primary did not answer (core/workers/cluster-metrics.ts): 503, not a partial count.
      const answer = errorAnswer(new GatewayError('metrics_unavailable', { message: `metrics could not be gathered: ${(err as Error).message}` }), access.log, koa.path);
      koa.status = answer.status;
      koa.body = answer.body;
      return;
    }
    koa.type = metrics.contentType;
    koa.body = text;
  };
}

/**
 * Puts the metrics middleware in front of a plane's app, before its auth and error mappers.
 * Call before the app is listening (Koa composes its middleware when the server is created).
 */
export function mountMetricsEndpoint(app: Koa, metrics: MetricsSource, access: MetricsAccess): void {
  app.middleware.unshift(metricsMiddleware(metrics, access) as Koa.Middleware);
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

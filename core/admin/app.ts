/**
 * The admin plane: a separate Koa app on its own port serving the management API under `/v1`.
 * Routes are registered by area (core/admin/routes/); every write goes through the store in one
 * atomic batch that bumps the config revision, then the snapshot is rebuilt before answering,
 * so the next proxied request sees it.
 */
import Router from '@koa/router';
import Koa from 'koa';
import { closeWhenBodyUnread } from '../http/close-unread-body.js';
import type { Egress } from '../http/egress-dispatcher.js';
import { healthMiddleware, type ReadinessReport } from '../http/health.js';
import { jsonErrorMiddleware } from '../http/error-body.js';
import type { Logger } from '../logging/logger.js';
import type { PluginHost } from '../plugin/host.js';
import type { SecretBox } from '../security/secret-box.js';
import type { SnapshotHolder } from '../snapshot/holder.js';
import type { Store } from '../store/types.js';
import { BUILD_INFO } from '../version/build-info.js';
import { AdminTokenVerifier } from './auth/admin-token.js';
import { requireAdmin } from './auth/require-admin.js';
import { accessLog, accessLogEnabled } from '../http/access-log.js';
import { consoleSite, type ConsoleSiteOptions } from './console/console-site.js';

export interface AdminDeps {
  store: Store;
  holder: SnapshotHolder;
  host: PluginHost;
  secretBox: SecretBox;
  log: Logger;
  /** HS256 secret for admin JWTs. */
  jwtSecret: string;
  /** Verifies admin JWTs (HS256 with `jwtSecret`, RS256 by the configured identity provider). */
  adminVerifier: AdminTokenVerifier;
  /** Rebuilds the snapshot after a write; resolves when the write is visible to the proxy. */
  configChanged(): Promise<void>;
  readiness: () => ReadinessReport;
  /** The egress policy tenants' URLs are checked against on write, and the dispatcher registry tests and tool lists use. */
  egress: Egress;
  /** Extra route registrations from other planes (config sync, guardrail management in split mode). */
  extraRoutes?: Array<(router: Router, deps: AdminDeps) => void>;
  /** Serves the web console at `/console/` (core/admin/console/), before admin authentication. */
  console?: ConsoleSiteOptions;
}

/** Route registrations, one per area; the admin routes module fills this list. */
export type AdminRouteModule = (router: Router, deps: AdminDeps) => void;

export function createAdminApp(deps: AdminDeps, routeModules: readonly AdminRouteModule[] = []): Koa {
  const app = new Koa();
  app.silent = true;
  app.use(closeWhenBodyUnread);
  app.use(healthMiddleware('admin', deps.readiness));
  if (accessLogEnabled()) app.use(accessLog('admin', deps.log));
  app.use(jsonErrorMiddleware(deps.log));
  if (deps.console) app.use(consoleSite(deps.console));
  app.use(requireAdmin(deps.adminVerifier, deps.store));
  const router = new Router();
  router.get('/v1/version', (koa) => {
    koa.body = BUILD_INFO;
  });
  for (const register of [...routeModules, ...(deps.extraRoutes ?? [])]) register(router, deps);
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}

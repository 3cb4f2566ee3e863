/**
 * Builds the guardrail plane: the evaluation service (always) and, where the store lives, the
 * management paths (collectors, keys, policies, activity, catalogs). A guardrail data plane
 * (no store) serves only `/v1/evaluate*`, health and metrics, from the config its snapshot
 * received from the control plane.
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import type { AdminTokenVerifier } from '../admin/auth/admin-token.js';
import { requireAdmin } from '../admin/auth/require-admin.js';
import type { ReadinessReport } from '../http/health.js';
import type { Logger } from '../logging/logger.js';
import type { PluginHost } from '../plugin/host.js';
import type { SnapshotHolder } from '../snapshot/holder.js';
import type { Store } from '../store/types.js';
import type { TelemetrySink } from '../telemetry/telemetry-event.js';
import { createGuardrailApp } from './app.js';
// Registers the guardrail collections with the snapshot before the first one is built.
import { ensureGuardrailCollections } from './config/guardrail-extension.js';
import type { ManagementDeps } from './management/management-deps.js';
import { activityRoutes } from './routes/activity-routes.js';
import { catalogRoutes } from './routes/catalog-routes.js';
import { claudeRoute } from './routes/claude-route.js';
import { collectorKeyRoutes } from './routes/collector-key-routes.js';
import { collectorRoutes } from './routes/collector-routes.js';
import { evaluateRoute, inProcessEvaluate } from './routes/evaluate-route.js';
import type { InProcessEvaluator } from './in-process.js';
import { policyRoutes } from './routes/policy-routes.js';
import { webhookRoute } from './routes/webhook-route.js';

/** What bootstrap hands the guardrail plane. */
export interface GuardrailPlaneDeps {
  holder: SnapshotHolder;
  host: PluginHost;
  log: Logger;
  readiness: () => ReadinessReport;
  /** Activity findings leave through here (local store, or the control plane). */
  telemetry: TelemetrySink;
  /** Present where the store lives: management paths are served. Absent on a data plane. */
  store?: Store;
  adminVerifier: AdminTokenVerifier;
  /** Rebuilds the snapshot after a management write. */
  configChanged(): Promise<void>;
}

function managementRoutes(deps: GuardrailPlaneDeps, store: Store): Array<(router: Router) => void> {
  const ready = ensureGuardrailCollections(store);
  ready.catch((err: Error) => deps.log.error('guardrail collections could not be created', { error: err.message }));
  const management: ManagementDeps = { store, host: deps.host, log: deps.log, adminVerifier: deps.adminVerifier, configChanged: deps.configChanged, ready };
  const admin = requireAdmin(deps.adminVerifier, store, new Set());
  return [
    (router) => catalogRoutes(router, deps.host, admin),
    (router) => collectorRoutes(router, management, admin),
    (router) => collectorKeyRoutes(router, management, admin),
    (router) => policyRoutes(router, management, admin),
    (router) => activityRoutes(router, management, admin),
  ];
}

/** The guardrail plane: its Koa app, and its evaluate endpoint for callers in this process. */
export interface GuardrailPlane {
  app: Koa;
  /** Register it under the plane's URL once the plane listens (core/guardrail/in-process.ts). */
  evaluator: InProcessEvaluator;
}

/**
 * The guardrail plane's Koa app and in-process evaluator (one evaluation path). Its `/metrics`
 * is served by observability (core/observability/metrics-endpoint.ts), which counts evaluations
 * from their Activity records: the plane keeps no registry of its own.
 */
export function createGuardrailPlane(deps: GuardrailPlaneDeps): GuardrailPlane {
  const evaluation = { holder: deps.holder, host: deps.host, telemetry: deps.telemetry };
  const routes: Array<(router: Router) => void> = [
    (router) => evaluateRoute(router, evaluation),
    (router) => claudeRoute(router, evaluation),
    (router) => webhookRoute(router, evaluation),
    ...(deps.store ? managementRoutes(deps, deps.store) : []),
  ];
  return { app: createGuardrailApp({ log: deps.log, readiness: deps.readiness, routes }), evaluator: inProcessEvaluate(evaluation, deps.log) };
}

/**
 * Starts Portcullis in one of three shapes:
 * - single process (default): every plane on one store;
 * - control plane: the admin plane with the store, pushing config to data planes;
 * - data plane (`--control-plane-url`): proxy and/or guardrail planes with no store, fed by
 *   the control plane and serving from the last config kept on disk when it is away.
 */
import type { Server } from 'node:http';
import { join } from 'node:path';
import type Koa from 'koa';
import { SettingsInputError, type Plane, type Settings } from '../config/settings.js';
import { createAdminApp, type AdminRouteModule } from '../admin/app.js';
import { AdminTokenVerifier } from '../admin/auth/admin-token.js';
import { ADMIN_ROUTE_MODULES } from '../admin/routes/index.js';
import { ConfigCache } from '../cluster/config-cache.js';
import { ConnectionRegistry } from '../cluster/connection-registry.js';
import { registerControlPlaneRoutes } from '../cluster/control-plane-routes.js';
import { createRemoteSink } from '../cluster/remote-sink.js';
import { SyncClient } from '../cluster/sync-client.js';
import { createGuardrailPlane } from '../guardrail/plane.js';
import type { InProcessEvaluator } from '../guardrail/in-process.js';
import { guardrailErrorFormat, planeErrorFormat } from '../http/client-error.js';
import { createEgress } from '../http/egress-dispatcher.js';
import { EgressPolicy, type EgressLookup } from '../http/egress-policy.js';
import type { ReadinessReport } from '../http/health.js';
import { logger as rootLogger, type Logger } from '../logging/logger.js';
import type { GatewayMetrics, MetricsSource } from '../observability/gateway-metrics.js';
import { createObservability } from '../observability/observability.js';
import { closeCounters } from '../counters/counter-mode.js';
import { openCounterStore } from '../counters/open-counter-store.js';
import type { CounterStore } from '../plugin/counters.js';
import { createPluginHost, type PluginHost } from '../plugin/host.js';
import { GuardrailLocation } from '../plugin/guardrail-service.js';
import { createProxyApp } from '../proxy/app.js';
import { createOAuthMount } from '../oauth/mount.js';
import { withUpstreamConnect } from '../oauth/upstream/connect-route.js';
import { UpstreamUserAuth } from '../oauth/upstream/upstream-user-auth.js';
import { mcpResourceMetadataUrl } from '../oauth/protected-resource.js';
import { PROXY_CORE_MEMBERS } from '../proxy/core-members.js';
import { coreRouter } from '../proxy/routing/router-member.js';
import { RoutingRuntime } from '../proxy/routing/routing-runtime.js';
import { modelsOperation } from '../proxy/models/models-operation.js';
import { operationHandlers } from '../proxy/operations/operation-handlers.js';
import { UpstreamClient } from '../proxy/upstream/upstream-client.js';
import { ensureConfigCollections } from '../records/collections.js';
import { SecretBox } from '../security/secret-box.js';
import { buildSnapshot } from '../snapshot/builder.js';
import { EMPTY_CONFIG, loadConfigDocument, type ConfigDocument } from '../snapshot/config-document.js';
import { configExtensions, extensionCollections } from '../snapshot/extensions.js';
import { SnapshotHolder } from '../snapshot/holder.js';
import { McpUpstreams } from '../mcp/upstream/upstream-pool.js';
import { McpConsumerToolkit } from '../mcp/toolkit/consumer-toolkit.js';
import type { ConsumerToolkit } from '../mcp/toolkit.js';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/types.js';
import { metricsMember } from '../telemetry/metrics-event.js';
import { createLocalSink, ensureTelemetryCollections } from '../telemetry/store-sink.js';
import { USAGE_COLLECTION, USAGE_MAX_ROWS_EMBEDDED } from '../telemetry/usage-rollup.js';
import { TraceBuffer } from '../telemetry/trace-buffer.js';
import { registerTraceRoute } from '../telemetry/trace-route.js';
import { TELEMETRY_COLLECTIONS, type TelemetrySink } from '../telemetry/telemetry-event.js';
import { closeServer, listen } from './listen.js';
import { mountConsoleCors } from '../admin/console/console-cors.js';
import { proxyClientErrorFormat } from '../proxy/error-response.js';
import { localSecret } from './local-secrets.js';
import { masterKey } from './master-key.js';
import { McpEndpoint } from '../mcp/endpoint/endpoint.js';
import { MCP_SESSION_KEY_PURPOSE, SessionSeal } from '../mcp/endpoint/session-seal.js';
import { ensurePrivateDir, tightenTree } from '../security/private-files.js';
import { nodeId } from './node-id.js';

export interface Portcullis {
  settings: Settings;
  /** Bound port per started plane. */
  ports: Partial<Record<Plane, number>>;
  /** Base URL per started plane (`http://127.0.0.1:PORT`). */
  urls: Partial<Record<Plane, string>>;
  /** The store; absent on a data plane. */
  store?: Store;
  holder: SnapshotHolder;
  host: PluginHost;
  /** The guardrail service plugins see as `kit.guardrails` (the configured one, else the co-located plane). */
  guardrails: GuardrailLocation;
  secretBox: SecretBox;
  jwtSecret: string;
  telemetry: TelemetrySink;
  /** Where limits and budgets count (core/counters): a primary serves it to its workers. */
  counters: CounterStore;
  log: Logger;
  /** Rebuilds the snapshot from the store (what an admin write does). */
  configChanged(): Promise<void>;
  /** The process's MCP upstream servers: pooled connections and cached tool lists (`kit.mcpTools`, the MCP toolkit). */
  mcpUpstreams: McpUpstreams;
  /** The MCP consumer toolkit of the proxy plane (also `ProxyRuntime.mcpToolkit`). */
  mcpToolkit: ConsumerToolkit;
  close(): Promise<void>;
}

export interface StartOptions {
  log?: Logger;
  /** Store ping interval for readiness (ms). */
  storeCheckMs?: number;
  counters?: CounterStore;
  adminRoutes?: readonly AdminRouteModule[];
  /** The most bytes of one upstream answer the proxy reads whole or relays as a stream (default 128 MiB). */
  upstreamAnswerLimitBytes?: number;
  /** The MCP toolkit behind `/{slug}/mcp`, instead of the process's own (transport tests substitute a small one). */
  mcpToolkit?: ConsumerToolkit;
  /** The resolver the egress policy checks host names with (tests make a name resolve inside); `dns.lookup` by default. */
  egressLookup?: EgressLookup;
  /** This process's node id, instead of the data directory's (a worker's: core/workers). */
  nodeId?: string;
  /** Where a plane listens instead of the settings' host and port (a primary's loopback planes: core/workers). */
  listenOn?: Partial<Record<Plane, { host: string; port: number }>>;
  /** Called with each plane's app before it listens (a worker puts its store forwarding first: core/workers). */
  preparePlane?: (plane: Plane, app: Koa) => void;
  /** What `/metrics` answers instead of this process's registry (a `--workers N` tree's sum: core/workers). */
  metricsSource?: (own: GatewayMetrics) => MetricsSource;
}

export async function startPortcullis(settings: Settings, options: StartOptions = {}): Promise<Portcullis> {
  const log = options.log ?? rootLogger;
  const dataPlane = !!settings.controlPlaneUrl;
  if (dataPlane && settings.planes.includes('admin')) {
    throw new SettingsInputError('a data plane (--control-plane-url) serves proxy and guardrail planes only, not admin');
  }
  if (dataPlane && (!settings.masterKey || !settings.clusterToken)) {
    throw new SettingsInputError('a data plane needs the control plane\'s master key (PORTCULLIS_MASTER_KEY) and the cluster token (PORTCULLIS_CLUSTER_TOKEN)');
  }
  if (settings.adminJwksUrl && !settings.adminJwtIssuer) {
    throw new SettingsInputError('an admin JWKS URL (PORTCULLIS_ADMIN_JWKS_URL) needs the issuer its tokens must carry: set PORTCULLIS_ADMIN_JWT_ISSUER (--admin-jwt-issuer)');
  }
  // Owner-only on disk: create the data directory so, and tighten what an older version left open.
  ensurePrivateDir(settings.dataDir);
  const tightened = tightenTree(settings.dataDir);
  if (tightened.length) log.info('data directory files made owner-only', { count: tightened.length });
  const secretBox = new SecretBox(await masterKey({ given: settings.masterKey, dataDir: settings.dataDir, secretsDir: settings.secretsDir, log }));
  const jwtSecret = localSecret(settings.dataDir, 'admin-jwt.secret', settings.adminJwtSecret);
  const adminVerifier = new AdminTokenVerifier({ secret: jwtSecret, jwksUrl: settings.adminJwksUrl, jwtIssuer: settings.adminJwtIssuer });
  const host = await createPluginHost(settings.plugins);
  const id = options.nodeId ?? nodeId(settings.dataDir);
  // Every URL fetched on a tenant's behalf goes through the egress policy, built once.
  const egressPolicy = new EgressPolicy({ allow: settings.egressAllow, lookup: options.egressLookup });
  const egress = createEgress(egressPolicy);

  let store: Store | undefined;
  // Playground traces live where the admin plane runs (single process or control plane).
  const traces = new TraceBuffer();
  let telemetry: TelemetrySink;
  if (dataPlane) {
    telemetry = createRemoteSink({ controlPlaneUrl: settings.controlPlaneUrl!, clusterToken: settings.clusterToken!, nodeId: id, log, intervalMs: settings.telemetryIntervalMs });
  } else {
    store = await openStore({
      dataDir: join(settings.dataDir, 'store'),
      mongodbUri: settings.mongodbUri,
      maxDocuments: { [TELEMETRY_COLLECTIONS.activity]: settings.activityMaxRecords, [USAGE_COLLECTION]: USAGE_MAX_ROWS_EMBEDDED },
    });
    await ensureConfigCollections(store);
    await ensureTelemetryCollections(store);
    telemetry = createLocalSink(store, traces, log, settings.telemetryIntervalMs);
  }
  // Prometheus and the OTLP request log read every telemetry event before it is queued.
  const observability = createObservability({
    telemetry, otlpEndpoint: settings.otlpEndpoint, otlpMetricsIntervalMs: settings.otlpMetricsIntervalMs, nodeId: id, planes: settings.planes, log,
    metricsAccess: { token: settings.metricsToken, public: settings.metricsPublic, verifier: adminVerifier, store },
    metricsTenantLabels: settings.metricsTenantLabels,
    metricsSource: options.metricsSource,
  });
  telemetry = observability.sink;
  // Limits and budgets: local, or shared by every data plane through REDIS_URL (or the store).
  const counters = options.counters ?? (await openCounterStore({ backend: settings.counterBackend, redisUrl: settings.redisUrl, store, log }));

  // Balancer state, in-flight counts, breakers and health checks: in memory, per process.
  const routing = new RoutingRuntime({ log, egress: egressPolicy });
  // `kit.guardrails`: the configured service, else the co-located plane once it listens.
  const guardrailLocation = new GuardrailLocation(settings.guardrailUrl);
  const coreMembers = [...PROXY_CORE_MEMBERS, coreRouter(routing), metricsMember(telemetry)];
  // Traces: `traceparent` on each upstream attempt, the request's spans after the response.
  if (observability.traces) coreMembers.push(observability.traces.member());
  // MCP servers: connections and tool lists per process, shared by every snapshot.
  const mcpUpstreams = new McpUpstreams({ dispatcher: egress.dispatcher, log });
  const build = (document: ConfigDocument) =>
    buildSnapshot(document, {
      host, secretBox, counters, log, coreMembers, egress, guardrails: guardrailLocation, mcpUpstreams,
      extensionCompilers: configExtensions().map((e) => (doc, indexes) => [e.name, e.compile(doc, indexes, { host, log, egress })] as [string, unknown]),
    });

  // Config: from the store, or (data plane) from the control plane with a disk copy.
  const cache = dataPlane ? new ConfigCache(settings.dataDir, secretBox, log) : undefined;
  const cached = cache?.load();
  const initialDocument = store ? await loadConfigDocument(store, extensionCollections()) : (cached ?? EMPTY_CONFIG);
  let holder: SnapshotHolder;
  const load = store ? () => loadConfigDocument(store!, extensionCollections()) : async () => holder.current.document;
  holder = new SnapshotHolder(await build(initialDocument), load, build, log);
  observability.watchConfigRevision(() => holder.current.revision);
  holder.onSwap((snapshot) => mcpUpstreams.retain(snapshot.indexes.registriesById.values()));
  if (settings.planes.includes('proxy')) {
    routing.configure(holder.current);
    holder.onSwap((snapshot) => routing.configure(snapshot));
  }
  let configApplied = !dataPlane || !!cached;
  // The MCP plane's toolkit: one per proxy runtime, over the process's upstream pool.
  // Per-user OAuth to MCP servers that need it: where the store is (core/oauth/upstream).
  const upstreamUserAuth = store ? new UpstreamUserAuth({ store, secretBox, egress, log, retire: (key) => mcpUpstreams.release(key) }) : undefined;
  const mcpToolkit = options.mcpToolkit ?? new McpConsumerToolkit({ upstreams: mcpUpstreams, routing, holder, log, userAuth: upstreamUserAuth, secretBox });

  let sync: SyncClient | undefined;
  if (dataPlane) {
    sync = new SyncClient({
      controlPlaneUrl: settings.controlPlaneUrl!,
      clusterToken: settings.clusterToken!,
      nodeId: id,
      planes: settings.planes,
      scope: settings.scope,
      heartbeatMs: settings.syncHeartbeatMs,
      maxBackoffMs: Math.max(1_000, settings.syncHeartbeatMs),
      log,
      currentRevision: () => holder.current.revision,
      telemetry: () => ({ dropped: telemetry.dropped, pending: (telemetry as { pending?: number }).pending ?? 0 }),
      apply: async (document) => {
        await holder.apply(document);
        cache!.save(document);
        configApplied = true;
      },
    });
    sync.start();
    const client = sync;
    observability.watchControlPlane(() => client.connected);
  }

  // Control plane: push every new revision to the connected data planes.
  let registry: ConnectionRegistry | undefined;
  if (store && settings.planes.includes('admin')) {
    registry = new ConnectionRegistry(log, settings.syncTimeoutMs);
    const connections = registry;
    holder.onSwap((snapshot) => connections.broadcast({ revision: snapshot.revision, document: snapshot.document }));
    observability.watchDataPlanes(() => connections.list().length);
  }

  // Readiness: data planes keep serving their last snapshot; the admin plane needs its store.
  let storeError: string | undefined;
  const storeCheck = setInterval(() => {
    store?.ping().then(
      () => {
        if (storeError) {
          storeError = undefined;
          void holder.refresh();
        }
      },
      (err: Error) => {
        storeError = err.message;
      },
    );
  }, options.storeCheckMs ?? 5_000);
  storeCheck.unref();
  const storeState = () => (!store ? 'none' : storeError || holder.degraded ? 'unavailable' : 'ok');
  const checks = () => ({
    store: storeState(),
    snapshot_revision: holder.current.revision,
    ...(sync ? { control_plane: sync.connected ? 'connected' : (sync.lastRefusal ?? 'disconnected') } : {}),
  });
  const dataPlaneReadiness = (): ReadinessReport => ({ ready: configApplied, checks: checks() });
  const adminReadiness = (): ReadinessReport => ({ ready: storeState() === 'ok', checks: checks() });

  const upstream = new UpstreamClient({
    answerLimitBytes: options.upstreamAnswerLimitBytes,
    timeouts: { connectMs: settings.upstreamConnectTimeoutMs, firstByteMs: settings.upstreamFirstByteTimeoutMs, idleMs: settings.upstreamIdleTimeoutMs },
    egress: egressPolicy,
  });
  const configChanged = async () => {
    await holder.refresh();
  };
  // `/{slug}/mcp`: legacy session ids are sealed under a key derived once from the master key.
  const mcpEndpoint = new McpEndpoint({
    toolkit: mcpToolkit, seal: new SessionSeal(secretBox.deriveKey(MCP_SESSION_KEY_PURPOSE)), log,
    allowedOrigins: settings.mcpAllowedOrigins, sessionTtlMs: settings.mcpSessionTtlMs,
    resourceMetadataUrl: mcpResourceMetadataUrl(holder, settings.trustProxy),
  });
  let guardrailEvaluator: InProcessEvaluator | undefined;
  // Filled in as each plane listens; the console's serving and CORS read it per request.
  const ports: Partial<Record<Plane, number>> = {};
  const consolePlanes = { settings, ports };
  const apps: Record<Plane, () => Koa> = {
    proxy: () => {
      const runtime = { formats: host.formats, upstream, log, routing, mcpToolkit };
      return createProxyApp({ holder, runtime, readiness: dataPlaneReadiness, operations: { models: modelsOperation, ...operationHandlers(runtime) }, mcp: mcpEndpoint, oauth: withUpstreamConnect(createOAuthMount({ holder, log, store, secretBox, egress, trustProxy: settings.trustProxy }), upstreamUserAuth && { holder, userAuth: upstreamUserAuth, log }) });
    },
    admin: () =>
      createAdminApp(
        {
          store: store!, holder, host, secretBox, log, jwtSecret, adminVerifier, configChanged, readiness: adminReadiness, egress, console: consolePlanes,
          extraRoutes: [
            (router) => registerControlPlaneRoutes(router, { registry: registry!, holder, store: store!, traces, clusterToken: settings.clusterToken, log }),
            (router) => registerTraceRoute(router, store!, traces),
          ],
        },
        options.adminRoutes ?? ADMIN_ROUTE_MODULES,
      ),
    guardrail: () => {
      const plane = createGuardrailPlane({ holder, host, log, readiness: dataPlaneReadiness, telemetry, store, adminVerifier, configChanged });
      guardrailEvaluator = plane.evaluator;
      return plane.app;
    },
  };
  const servers: Server[] = [];
  const urls: Partial<Record<Plane, string>> = {};
  for (const plane of settings.planes) {
    const app = apps[plane]();
    // Behind a TLS-terminating proxy: issuer, resource and console URLs take the client's scheme and host.
    app.proxy = settings.trustProxy;
    observability.mount(plane, app);
    options.preparePlane?.(plane, app);
    if (plane !== 'admin') mountConsoleCors(app, consolePlanes);
    const at = options.listenOn?.[plane] ?? { host: settings.host, port: settings.ports[plane] };
    const { server, port } = await listen(app, at.host, at.port, plane === 'proxy' ? proxyClientErrorFormat : plane === 'guardrail' ? guardrailErrorFormat : planeErrorFormat);
    servers.push(server);
    ports[plane] = port;
    urls[plane] = `http://${at.host.includes(':') ? `[${at.host}]` : at.host}:${port}`;
    log.debug('plane listening', { plane, host: at.host, port });
  }
  // The gateway's guardrails plugin calls the named service, else the co-located plane; a caller
  // naming the co-located plane's URL reaches it in process, without a loopback hop.
  const forgetColocatedPlane = urls.guardrail ? guardrailLocation.colocate(urls.guardrail, guardrailEvaluator) : () => undefined;

  return {
    settings, ports, urls, store, holder, host, guardrails: guardrailLocation, secretBox, jwtSecret, telemetry, counters, log, configChanged, mcpUpstreams, mcpToolkit,
    async close() {
      clearInterval(storeCheck);
      forgetColocatedPlane();
      sync?.stop();
      registry?.close();
      await mcpEndpoint.close();
      await Promise.all(servers.map(closeServer));
      // Plugins close what their setup opened (kit.onRetire), once the last requests have settled.
      await holder.close();
      await telemetry.close().catch(() => undefined);
      await observability.close();
      await upstream.close();
      await mcpUpstreams.close();
      await routing.close();
      await egress.close();
      if (!options.counters) await closeCounters(counters);
      await store?.close();
    },
  };
}

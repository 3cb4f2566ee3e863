/**
 * Starts Portcullis: opens the store, loads plugins, compiles the first snapshot and serves the
 * chosen planes, each a Koa app on its own port.
 */
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Plane, Settings } from '../config/settings.js';
import { createAdminApp, type AdminRouteModule } from '../admin/app.js';
import { createGuardrailApp } from '../guardrail/app.js';
import type { ReadinessReport } from '../http/health.js';
import { logger as rootLogger, type Logger } from '../logging/logger.js';
import { LocalCounterStore, type CounterStore } from '../plugin/counters.js';
import { createPluginHost, type PluginHost } from '../plugin/host.js';
import { createProxyApp } from '../proxy/app.js';
import { PROXY_CORE_MEMBERS } from '../proxy/core-members.js';
import { modelsOperation } from '../proxy/models/models-operation.js';
import { UpstreamClient } from '../proxy/upstream/upstream-client.js';
import { SecretBox } from '../security/secret-box.js';
import { buildSnapshot } from '../snapshot/builder.js';
import { loadConfigDocument, type ConfigDocument } from '../snapshot/config-document.js';
import { SnapshotHolder } from '../snapshot/holder.js';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/types.js';
import { closeServer, listen } from './listen.js';
import { localSecret } from './local-secrets.js';
import { ensureConfigCollections } from '../records/collections.js';
import { ADMIN_ROUTE_MODULES } from '../admin/routes/index.js';

export interface Portcullis {
  settings: Settings;
  /** Bound port per started plane. */
  ports: Partial<Record<Plane, number>>;
  /** Base URL per started plane (`http://127.0.0.1:PORT`). */
  urls: Partial<Record<Plane, string>>;
  store: Store;
  holder: SnapshotHolder;
  host: PluginHost;
  secretBox: SecretBox;
  jwtSecret: string;
  log: Logger;
  /** Rebuilds the snapshot from the store (what an admin write does). */
  configChanged(): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  log?: Logger;
  /** Store ping interval for readiness (ms). */
  storeCheckMs?: number;
  counters?: CounterStore;
  adminRoutes?: readonly AdminRouteModule[];
}

export async function startPortcullis(settings: Settings, options: StartOptions = {}): Promise<Portcullis> {
  const log = options.log ?? rootLogger;
  const store = await openStore({ dataDir: join(settings.dataDir, 'store'), mongodbUri: settings.mongodbUri });
  await ensureConfigCollections(store);
  const secretBox = new SecretBox(localSecret(settings.dataDir, 'master.key', settings.masterKey));
  const jwtSecret = localSecret(settings.dataDir, 'admin-jwt.secret', settings.adminJwtSecret);
  const host = await createPluginHost(settings.plugins);
  const counters = options.counters ?? new LocalCounterStore();
  const build = (document: ConfigDocument) =>
    buildSnapshot(document, { host, secretBox, counters, log, coreMembers: PROXY_CORE_MEMBERS });
  const holder = new SnapshotHolder(await build(await loadConfigDocument(store)), () => loadConfigDocument(store), build, log);

  // Readiness follows the store: the proxy keeps serving its last snapshot, the admin plane cannot.
  let storeError: string | undefined;
  const storeCheck = setInterval(() => {
    store.ping().then(
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
  const storeState = () => (storeError || holder.degraded ? 'unavailable' : 'ok');
  const dataPlaneReadiness = (): ReadinessReport => ({
    ready: true,
    checks: { store: storeState(), snapshot_revision: holder.current.revision },
  });
  const adminReadiness = (): ReadinessReport => ({
    ready: storeState() === 'ok',
    checks: { store: storeState(), snapshot_revision: holder.current.revision },
  });

  const upstream = new UpstreamClient();
  const configChanged = async () => {
    await holder.refresh();
  };
  const servers: Server[] = [];
  const ports: Partial<Record<Plane, number>> = {};
  const urls: Partial<Record<Plane, string>> = {};
  for (const plane of settings.planes) {
    const app =
      plane === 'proxy'
        ? createProxyApp({
            holder,
            runtime: { formats: host.formats, upstream, log },
            readiness: dataPlaneReadiness,
            operations: { models: modelsOperation },
          })
        : plane === 'admin'
          ? createAdminApp(
              { store, holder, host, secretBox, log, jwtSecret, jwksUrl: settings.adminJwksUrl, configChanged, readiness: adminReadiness },
              options.adminRoutes ?? ADMIN_ROUTE_MODULES,
            )
          : createGuardrailApp({ log, readiness: dataPlaneReadiness });
    const { server, port } = await listen(app, settings.host, settings.ports[plane]);
    servers.push(server);
    ports[plane] = port;
    urls[plane] = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;
    log.info('plane listening', { plane, host: settings.host, port });
  }

  return {
    settings, ports, urls, store, holder, host, secretBox, jwtSecret, log, configChanged,
    async close() {
      clearInterval(storeCheck);
      await Promise.all(servers.map(closeServer));
      await upstream.close();
      await store.close();
    },
  };
}

/**
 * Installs as config: the Store's servers and installs are loaded with the rest of the config
 * document (a snapshot extension, so data planes receive them too) and compiled once per
 * snapshot into each user's installed MCP registries, keyed by gateway and subject. The MCP
 * toolkit asks this for a caller's installed registries; the request path never reads the store.
 *
 * An install bound to an instance is that MCP registry of the gateway. An install of a server
 * without instances is one registry view per server (shared by its installs, so its tool list is
 * fetched once), with the server's `base_url`, id `store:{server id}` and the server code as the
 * slug of its merged tool names.
 */
import type { RegistryRecord } from '../records/types.js';
import { registerConfigExtension } from '../snapshot/extensions.js';
import type { Snapshot, SnapshotIndexes } from '../snapshot/snapshot.js';
import type { ConfigDocument } from '../snapshot/config-document.js';
import type { Principal, RegistryView } from '../snapshot/views.js';
import { STORE_COLLECTIONS, type StoreInstallRecord, type StoreServerRecord } from './records.js';

/** Key of the compiled installs in `snapshot.extensions`. */
const STORE_EXTENSION = 'store';

const NONE: readonly RegistryView[] = Object.freeze([]);

/** An install whose user config (sealed) is sent to its server on that user's calls (config-headers.ts). */
export interface ConfiguredInstall {
  install: StoreInstallRecord;
  server: StoreServerRecord;
}

/** Each user's installed MCP registries, compiled from one snapshot. */
export class InstalledRegistries {
  constructor(
    private readonly byUser: ReadonlyMap<string, readonly RegistryView[]>,
    /** The views of servers installed from `base_url`, by their registry id (`store:{server id}`). */
    private readonly serverViews: ReadonlyMap<string, RegistryView> = new Map(),
    /** The installs that carry a config, by user and registry id (`userKey\nregistry id`). */
    private readonly configured: ReadonlyMap<string, ConfiguredInstall> = new Map(),
  ) {}

  /** The install (with its server) that gave `subject` the registry `registryId`, when it carries a config. */
  configuredInstall(gatewayId: string, subject: string, registryId: string): ConfiguredInstall | undefined {
    return this.configured.get(`${userKey(gatewayId, subject)}\n${registryId}`);
  }

  /** The registry view of a server installed from its `base_url`, by its id; not for instance registries (those are the snapshot's). */
  serverRegistry(id: string): RegistryView | undefined {
    return this.serverViews.get(id);
  }

  /** The registries `subject` installed in the gateway, sorted by slug; none when nothing is installed. */
  of(gatewayId: string, subject: string): readonly RegistryView[] {
    return this.byUser.get(userKey(gatewayId, subject)) ?? NONE;
  }
}

const userKey = (gatewayId: string, subject: string) => `${gatewayId}\n${subject}`;

/** The registry view of a server installed from its `base_url`. */
function serverRegistry(server: StoreServerRecord): RegistryView {
  const record: RegistryRecord = {
    _id: `store:${server._id}`, gateway_id: server.gateway_id, slug: server.code, name: server.name, type: 'MCP', provider: 'mcp',
    base_url: server.base_url, created_at: server.created_at, updated_at: server.updated_at,
  };
  return Object.freeze({
    id: record._id, slug: server.code, gatewayId: server.gateway_id, type: 'MCP', providerId: 'mcp', provider: undefined,
    baseUrl: (server.base_url ?? '').replace(/\/+$/, ''), options: {}, models: Object.freeze([]), capabilities: new Set(), record,
  }) as RegistryView;
}

/** Compiles the document's installs into each user's registries. */
export function compileInstalls(document: ConfigDocument, indexes: SnapshotIndexes): InstalledRegistries {
  const servers = new Map<string, StoreServerRecord>();
  for (const server of (document.extensions?.[STORE_COLLECTIONS.servers] ?? []) as StoreServerRecord[]) servers.set(server._id, server);
  const serverViews = new Map<string, RegistryView>();
  const byUser = new Map<string, RegistryView[]>();
  const configured = new Map<string, ConfiguredInstall>();
  for (const install of (document.extensions?.[STORE_COLLECTIONS.installs] ?? []) as StoreInstallRecord[]) {
    const server = servers.get(install.server_id);
    if (!server) continue;
    let registry: RegistryView | undefined;
    if (install.instance_id) {
      registry = indexes.registriesById.get(install.instance_id);
    } else if (server.base_url) {
      registry = serverViews.get(server._id);
      if (!registry) serverViews.set(server._id, (registry = serverRegistry(server)));
    }
    if (registry?.type !== 'MCP' || registry.gatewayId !== install.gateway_id) continue;
    const key = userKey(install.gateway_id, install.principal_sub);
    let list = byUser.get(key);
    if (!list) byUser.set(key, (list = []));
    list.push(registry);
    if (install.config_sealed) configured.set(`${key}\n${registry.id}`, { install, server });
  }
  for (const list of byUser.values()) list.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  return new InstalledRegistries(byUser, new Map([...serverViews.values()].map((view) => [view.id, view])), configured);
}

registerConfigExtension({
  name: STORE_EXTENSION,
  collections: [STORE_COLLECTIONS.servers, STORE_COLLECTIONS.installs],
  compile: (document, indexes) => compileInstalls(document, indexes),
});

const EMPTY = new InstalledRegistries(new Map());

/** The installs compiled into `snapshot`. */
export function installedRegistriesOf(snapshot: Snapshot): InstalledRegistries {
  return (snapshot.extensions.get(STORE_EXTENSION) as InstalledRegistries | undefined) ?? EMPTY;
}

/**
 * The registries the caller installed: only a signed-in user (an OIDC or OAuth token, whose
 * `subject` is the install's `principal_sub`) of the same gateway has any; a consumer key has none.
 */
export function installedFor(snapshot: Snapshot, gatewayId: string, principal: Principal | undefined): readonly RegistryView[] {
  if (!principal || principal.kind === 'api_key' || !principal.subject || principal.gatewayId !== gatewayId) return NONE;
  return installedRegistriesOf(snapshot).of(gatewayId, principal.subject);
}

/** The caller's install of `registry` that carries a config (only a signed-in user of the gateway has one). */
export function configuredInstallFor(snapshot: Snapshot, registry: RegistryView, principal: Principal | undefined): ConfiguredInstall | undefined {
  if (!principal || principal.kind === 'api_key' || !principal.subject || principal.gatewayId !== registry.gatewayId) return undefined;
  return installedRegistriesOf(snapshot).configuredInstall(registry.gatewayId, principal.subject, registry.id);
}

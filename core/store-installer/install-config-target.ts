/**
 * A user's upstream target at a server they installed with a config: the target the gateway
 * would use anyway (the registry's key, or the user's own OAuth token) plus the headers the
 * config maps (config-headers.ts), under a pooling key of its own, so each user gets their own
 * connection and tool list and one user's config is never sent on another's calls. The sealed
 * config is opened once per install record, which lives as long as its config snapshot.
 */
import { createHash } from 'node:crypto';
import type { UpstreamTarget } from '../mcp/upstream/upstream-target.js';
import type { SecretBox } from '../security/secret-box.js';
import { configHeaders } from './config-headers.js';
import type { ConfiguredInstall } from './installed-registries.js';
import type { StoreInstallRecord } from './records.js';

export class InstallConfigTargets {
  /** The config's headers per install record (opened once per snapshot). */
  private readonly headers = new WeakMap<StoreInstallRecord, Readonly<Record<string, string>>>();
  /** The last target made per install record and the base it was made from. */
  private readonly targets = new WeakMap<StoreInstallRecord, { base: UpstreamTarget; target: UpstreamTarget }>();

  constructor(private readonly secretBox: SecretBox) {}

  /** `base` with the install's config headers (a config header replaces a base header of the same name); `base` itself when the config maps none. */
  targetFor(base: UpstreamTarget, configured: ConfiguredInstall): UpstreamTarget {
    const { install } = configured;
    const known = this.targets.get(install);
    if (known?.base === base) return known.target;
    const extra = this.headersOf(configured);
    const names = Object.keys(extra);
    if (names.length === 0) return base;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(base.headers)) if (!(name.toLowerCase() in extra)) headers[name] = value;
    Object.assign(headers, extra);
    // The key names the install and its config without holding it: a changed config gets a fresh connection.
    const user = createHash('sha256').update(`${install._id}\n${install.updated_at}\n${JSON.stringify(extra)}`).digest('base64url').slice(0, 22);
    const target: UpstreamTarget = Object.freeze({
      registryId: base.registryId, registrySlug: base.registrySlug, url: base.url, headers: Object.freeze(headers), key: `${base.key}:install:${user}`,
    });
    this.targets.set(install, { base, target });
    return target;
  }

  private headersOf({ install, server }: ConfiguredInstall): Readonly<Record<string, string>> {
    let headers = this.headers.get(install);
    if (!headers) {
      const config = install.config_sealed ? (JSON.parse(this.secretBox.open(install.config_sealed)) as Record<string, unknown>) : {};
      headers = Object.freeze(configHeaders(server.config_schema, config));
      this.headers.set(install, headers);
    }
    return headers;
  }
}

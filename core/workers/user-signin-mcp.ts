/**
 * Which MCP requests a worker hands to the primary: those of consumers that reach an MCP
 * registry with per-user sign-in (`auth.oauth`, docs/oauth.md). Users' tokens for such servers
 * are kept where the store is, and a worker, like any data plane, has none; relayed, these
 * requests are served by the primary, which has them, so `--workers N` serves per-user servers
 * as one process does. Every other consumer's MCP traffic stays on the workers.
 */
import { parseProxyPath } from '../proxy/routes.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import type { ConsumerView } from '../snapshot/views.js';

/** Per snapshot, once: the slugs of consumers (of any gateway) that reach a per-user MCP registry. */
const slugsBySnapshot = new WeakMap<Snapshot, ReadonlySet<string>>();

function reachesUserSignIn(consumer: ConsumerView): boolean {
  const registries = [...consumer.registries.map((r) => r.registry), ...consumer.roles.flatMap((role) => role.registries)];
  return registries.some((registry) => registry.type === 'MCP' && !!registry.record.auth?.oauth);
}

function userSignInSlugs(snapshot: Snapshot): ReadonlySet<string> {
  let slugs = slugsBySnapshot.get(snapshot);
  if (!slugs) {
    const found = new Set<string>();
    for (const byslug of snapshot.indexes.consumers.values()) for (const consumer of byslug.values()) if (reachesUserSignIn(consumer)) found.add(consumer.slug);
    slugsBySnapshot.set(snapshot, (slugs = found));
  }
  return slugs;
}

/** Whether the proxy request at `path` is an MCP request of a consumer that reaches a per-user server. */
export function needsUserSignIn(snapshot: Snapshot, path: string): boolean {
  if (!path.endsWith('/mcp')) return false;
  const route = parseProxyPath(path);
  return route?.operation === 'mcp' && userSignInSlugs(snapshot).has(route.consumerSlug);
}

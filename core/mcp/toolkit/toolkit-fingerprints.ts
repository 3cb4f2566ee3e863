/**
 * What, per gateway, decides the MCP toolkits of its consumers: its MCP registries (record, URL
 * and credential), roles (registries, claims, tool sets), consumers (routing, registries, roles,
 * tool scope, policies), policies and the Store's servers and installs. Two snapshots whose fingerprints differ for a gateway may
 * offer its consumers other tools, so connected clients are told to list again.
 */
import { createHash } from 'node:crypto';
import type { Snapshot } from '../../snapshot/snapshot.js';
import { STORE_COLLECTIONS } from '../../store-installer/records.js';
import { upstreamTarget } from '../upstream/upstream-target.js';

const fingerprints = new WeakMap<Snapshot, ReadonlyMap<string, string>>();

/** Gateway id -> a digest of what decides its toolkits, computed once per snapshot. */
export function toolkitFingerprints(snapshot: Snapshot): ReadonlyMap<string, string> {
  let known = fingerprints.get(snapshot);
  if (known) return known;
  const parts = new Map<string, string[]>();
  const add = (gatewayId: string, part: string) => {
    let list = parts.get(gatewayId);
    if (!list) parts.set(gatewayId, (list = []));
    list.push(part);
  };
  const { document } = snapshot;
  for (const registry of snapshot.indexes.registriesById.values()) {
    if (registry.type === 'MCP') add(registry.gatewayId, `r:${registry.id}:${upstreamTarget(registry).key}:${JSON.stringify(registry.record)}`);
  }
  for (const role of document.roles) add(role.gateway_id, `o:${role._id}:${JSON.stringify([role.registries, role.match, role.tool_sets])}`);
  for (const c of document.consumers) {
    add(c.gateway_id, `c:${c._id}:${JSON.stringify([c.slug, c.routing_mode, c.registries, c.role_ids, c.policy_ids, c.tools])}`);
  }
  for (const policy of document.policies) add(policy.gateway_id, `p:${policy._id}:${JSON.stringify(policy)}`);
  for (const collection of [STORE_COLLECTIONS.servers, STORE_COLLECTIONS.installs]) {
    for (const record of (document.extensions?.[collection] ?? []) as Array<{ _id: string; gateway_id: string }>) add(record.gateway_id, `${collection}:${record._id}:${JSON.stringify(record)}`);
  }
  known = new Map([...parts].map(([gatewayId, list]) => [gatewayId, createHash('sha256').update(list.sort().join('\n')).digest('base64url')]));
  fingerprints.set(snapshot, known);
  return known;
}

/** The gateways whose toolkits may differ between `previous` and `next`. */
export function gatewaysWithNewToolkits(previous: Snapshot, next: Snapshot): string[] {
  const before = toolkitFingerprints(previous);
  const after = toolkitFingerprints(next);
  const changed = new Set<string>();
  for (const [gatewayId, digest] of after) if (before.get(gatewayId) !== digest) changed.add(gatewayId);
  for (const gatewayId of before.keys()) if (!after.has(gatewayId)) changed.add(gatewayId);
  return [...changed];
}

/**
 * A registry of one gateway named by id or by slug, as plugin settings name registries (an id is
 * tried first; a registry of another gateway is never found).
 */
import type { RegistryView } from './views.js';

export function gatewayRegistry(registries: ReadonlyMap<string, RegistryView>, gatewayId: string, reference: string): RegistryView | undefined {
  const byId = registries.get(reference);
  if (byId?.gatewayId === gatewayId) return byId;
  for (const registry of registries.values()) if (registry.gatewayId === gatewayId && registry.slug === reference) return registry;
  return undefined;
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths/project-root.js';
import type { ProviderEntry } from './types.js';

/** The provider catalog, read once at startup. */
export const PROVIDERS: ReadonlyMap<string, ProviderEntry> = new Map(
  (JSON.parse(readFileSync(join(PROJECT_ROOT, 'core/providers/catalog.json'), 'utf8')) as { providers: ProviderEntry[] }).providers.map(
    (p) => [p.id, Object.freeze(p)],
  ),
);

export function providerEntry(id: string): ProviderEntry | undefined {
  return PROVIDERS.get(id);
}

/** Catalog model id -> the providers whose catalog lists it, indexed once at startup. */
const OWNERS: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const owners = new Map<string, Set<string>>();
  for (const provider of PROVIDERS.values()) {
    for (const model of provider.models ?? []) {
      const set = owners.get(model.id) ?? new Set<string>();
      set.add(provider.id);
      owners.set(model.id, set);
    }
  }
  return owners;
})();

const NO_OWNERS: ReadonlySet<string> = new Set();

/** The providers whose catalog lists `modelId` (empty for an id no catalog knows). */
export function catalogOwners(modelId: string): ReadonlySet<string> {
  return OWNERS.get(modelId) ?? NO_OWNERS;
}

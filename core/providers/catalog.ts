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

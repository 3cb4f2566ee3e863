/**
 * The gateway-owned model list (spec 4.2): the union of native model slugs a consumer can call,
 * per bound registry (inline or role registries, fallback targets, pool members):
 * 1. allow-list ids are candidates; an open registry expands from the provider catalog;
 * 2. only native slugs (no `auto`, `@provider/...`, `pool:...`);
 * 3. a slug stays only if the registry serves its modality (chat always; others when
 *    advertised), from catalog flags or else inferred from the name.
 */
import type { Capability } from '../../providers/types.js';
import type { ConsumerView, Principal, RegistryView } from '../../snapshot/views.js';
import { allowList, candidatesFor, type Candidate } from '../routing/candidates.js';

export interface ModelEntry {
  id: string;
  object: 'model';
  owned_by: string;
}

const isNative = (id: string) => id !== 'auto' && !id.startsWith('@') && !id.startsWith('pool:') && id.length > 0;

/** The modality of a slug: the catalog's flag wins, else inferred from the name. */
function modalityOf(registry: RegistryView, id: string): Capability {
  const flagged = registry.provider?.models?.find((m) => m.id === id)?.modalities?.[0];
  if (flagged) return flagged;
  if (/embed/i.test(id)) return 'embeddings';
  if (/rerank/i.test(id)) return 'rerank';
  return 'chat';
}

function slugsOf(candidate: Candidate): string[] {
  return [...(allowList(candidate) ?? candidate.registry.provider?.models?.map((m) => m.id) ?? [])];
}

/** Registries reachable through fallback targets and pools (`@registry-slug/model`). */
function referencedRegistries(consumer: ConsumerView, all: readonly Candidate[]): Candidate[] {
  const refs = [
    ...(consumer.record.fallback?.targets ?? []),
    ...((consumer.record.pools as Array<{ targets?: string[] }> | undefined) ?? []).flatMap((p) => p.targets ?? []),
  ];
  const out: Candidate[] = [];
  for (const ref of refs) {
    const pin = /^@([^/]+)\/(.+)$/.exec(ref);
    if (!pin) continue;
    for (const c of all.filter((c) => c.registry.slug === pin[1] || c.registry.providerId === pin[1])) {
      out.push({ ...c, policy: { registry_id: c.registry.id, allow: [pin[2]] } });
    }
  }
  return out;
}

export function modelListFor(consumer: ConsumerView, principal: Principal | undefined): ModelEntry[] {
  const candidates = candidatesFor(consumer, principal);
  const imageCapable = candidates.some((c) => c.registry.capabilities.has('images'));
  const seen = new Map<string, ModelEntry>();
  for (const candidate of [...candidates, ...referencedRegistries(consumer, candidates)]) {
    for (const id of slugsOf(candidate)) {
      if (!isNative(id) || seen.has(id)) continue;
      const modality = modalityOf(candidate.registry, id);
      if (modality === 'files') continue;
      if (modality === 'images' ? !imageCapable : modality !== 'chat' && !candidate.registry.capabilities.has(modality)) continue;
      seen.set(id, { id, object: 'model', owned_by: candidate.registry.providerId });
    }
  }
  return [...seen.values()];
}

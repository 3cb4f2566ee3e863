/**
 * Which models serve which capability, for the non-chat routes: a catalog flag wins (the
 * registry's provider, then the provider it is the cloud-hosted variant of), else the name
 * says it (`embed`, `rerank`, `dall-e`/`image`, `tts`/`whisper`/`transcribe`), else chat.
 */
import { providerEntry } from '../../providers/catalog.js';
import type { Capability } from '../../providers/types.js';
import type { RegistryView } from '../../snapshot/views.js';
import { allowList, type Candidate } from '../routing/candidates.js';

const BY_NAME: ReadonlyArray<[RegExp, Capability]> = [
  [/embed/i, 'embeddings'],
  [/rerank/i, 'rerank'],
  [/dall-e|(^|[-_/])image|imagen|flux|stable-diffusion|sdxl/i, 'images'],
  [/tts|whisper|transcribe|speech/i, 'audio'],
];

/** The modality of a model on a registry. */
export function modelModality(registry: RegistryView, model: string): Capability {
  const providers = [registry.provider, registry.provider?.variant_of ? providerEntry(registry.provider.variant_of) : undefined];
  for (const provider of providers) {
    const flagged = provider?.models?.find((m) => m.id === model)?.modalities?.[0];
    if (flagged) return flagged;
  }
  return BY_NAME.find(([pattern]) => pattern.test(model))?.[1] ?? 'chat';
}

/**
 * The model `auto` (or no model at all) means on a candidate for `capability`: the model
 * policy's default, else the first allowed model of that modality, else the first catalog model
 * flagged for it; undefined when none is known (the upstream's own default then applies).
 */
export function defaultModelFor(candidate: Candidate, capability: Capability): string | undefined {
  const { registry } = candidate;
  const fits = (model: string) => modelModality(registry, model) === capability;
  const preferred = candidate.policy?.default;
  if (preferred && fits(preferred)) return preferred;
  const listed = allowList(candidate);
  if (listed) return listed.find(fits);
  return registry.provider?.models?.find((m) => m.modalities?.includes(capability))?.id;
}

/**
 * Which models serve which capability, on every route (spec 4.2, Models rule 3): a catalog flag
 * wins (the registry's provider, then the provider it is the cloud-hosted variant of), else the
 * name says it (`embed`, `rerank`, `dall-e`/`image`, `tts`/`whisper`/`transcribe`), else chat.
 * Every model the gateway chooses itself (`auto`, a consumer default, a pool member, a fallback
 * target, a smart tier) must serve the route's capability; a model the client names is its own.
 */
import { providerEntry } from '../../providers/catalog.js';
import type { Capability } from '../../providers/types.js';
import type { RegistryView } from '../../snapshot/views.js';
import { allowList, type Candidate } from './candidates.js';
import type { RouteMember } from './route-members.js';

const BY_NAME: ReadonlyArray<[RegExp, Capability]> = [
  [/embed/i, 'embeddings'],
  [/rerank/i, 'rerank'],
  [/dall-e|(^|[-_/])image|imagen|flux|stable-diffusion|sdxl/i, 'images'],
  [/tts|whisper|transcribe|speech/i, 'audio'],
];

/** The catalog's modalities of a model on a registry, or undefined when no catalog flags it. */
function catalogModalities(registry: RegistryView, model: string): readonly Capability[] | undefined {
  const providers = [registry.provider, registry.provider?.variant_of ? providerEntry(registry.provider.variant_of) : undefined];
  for (const provider of providers) {
    const flagged = provider?.models?.find((m) => m.id === model)?.modalities;
    if (flagged?.length) return flagged;
  }
  return undefined;
}

/**
 * Catalog answers kept per registry view, so a snapshot searches the catalog once per model and
 * not on every request; the views go with their snapshot. The models asked about are the
 * consumer's configuration (allow-lists, pools, defaults, tiers), and a bound keeps it so.
 */
const flaggedByRegistry = new WeakMap<RegistryView, Map<string, readonly Capability[] | null>>();
const MAX_MODELS_KEPT = 4096;

function flaggedModalities(registry: RegistryView, model: string): readonly Capability[] | undefined {
  let known = flaggedByRegistry.get(registry);
  if (!known) flaggedByRegistry.set(registry, (known = new Map()));
  const kept = known.get(model);
  if (kept !== undefined) return kept ?? undefined;
  const flagged = catalogModalities(registry, model);
  if (known.size < MAX_MODELS_KEPT) known.set(model, flagged ?? null);
  return flagged;
}

const inferredModality = (model: string): Capability => BY_NAME.find(([pattern]) => pattern.test(model))?.[1] ?? 'chat';

/** The (first) modality of a model on a registry. */
export function modelModality(registry: RegistryView, model: string): Capability {
  return flaggedModalities(registry, model)?.[0] ?? inferredModality(model);
}

/** Whether `model` on `registry` serves `capability` (any of its catalog flags, else its inferred modality). */
export function modelServes(registry: RegistryView, model: string, capability: Capability): boolean {
  const flagged = flaggedModalities(registry, model);
  return flagged ? flagged.includes(capability) : inferredModality(model) === capability;
}

/** Whether a route member may take a `capability` request: its model serves it (a member without a model, as files use, names none). */
export const memberServes = (m: RouteMember, capability: Capability): boolean => !m.model || modelServes(m.candidate.registry, m.model, capability);

/**
 * The model `auto` (or no model at all) means on a candidate for `capability`: the model
 * policy's default, else the first allowed model of that modality, else the first catalog model
 * of that modality; undefined when none is known (the upstream's own default then applies).
 */
export function defaultModelFor(candidate: Candidate, capability: Capability): string | undefined {
  const { registry } = candidate;
  const fits = (model: string) => modelServes(registry, model, capability);
  const preferred = candidate.policy?.default;
  if (preferred && fits(preferred)) return preferred;
  const listed = allowList(candidate);
  if (listed) return listed.find(fits);
  return registry.provider?.models?.find((m) => fits(m.id))?.id;
}

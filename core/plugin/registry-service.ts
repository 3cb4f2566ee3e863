/**
 * `kit.registries`: what a plugin may know of the registries of its policy's gateway, built once
 * per policy and config snapshot from the snapshot being built. A plugin resolves the registry a
 * setting names (by slug or id) to an endpoint it can call (base URL, auth headers, the egress
 * policy's dispatcher), and asks which registries routing would consider for a request, without
 * reaching into the snapshot or the router.
 */
import type { Dispatcher } from 'undici';
import type { Exchange } from '../pipeline/exchange.js';
import { allows, candidatesFor } from '../proxy/routing/candidates.js';
import { defaultModelFor } from '../proxy/routing/model-modality.js';
import type { RegistryView } from '../snapshot/views.js';
import { registryHeaders } from '../providers/registry-headers.js';
import { gatewayRegistry } from '../snapshot/registry-reference.js';

export { registryHeaders };

/** A registry as a plugin calls it. `headers` hold the upstream key: never log them. */
export interface RegistryEndpoint {
  readonly registry: RegistryView;
  /** Base URL without a trailing slash. */
  readonly baseUrl: string;
  /** The provider's auth header (with the decrypted key, when the registry has one) and its static headers. */
  readonly headers: Readonly<Record<string, string>>;
  /** The egress policy's dispatcher (the same as `kit.egress`): pass it to undici's `request` or `fetch`. */
  readonly dispatcher: Dispatcher;
}

/** A registry routing may send a request to, with what it may serve there. */
export interface RouteCandidate {
  readonly registry: RegistryView;
  /** The chat model `auto` resolves to on this registry, when there is one. */
  readonly defaultModel: string | undefined;
  /** Whether this registry may serve `model` for the consumer. */
  allows(model: string): boolean;
}

export interface RegistryService {
  /** The registry of the policy's gateway named by `reference` (its id or slug), as an endpoint; undefined when there is none. */
  resolve(reference: string): RegistryEndpoint | undefined;
  /** A registry of this snapshot by id (as `Attempt.registryId` names it). */
  byId(id: string): RegistryView | undefined;
  /** The registries routing considers for the exchange's consumer and caller, in routing order (none before the consumer is known). */
  candidates(ctx: Exchange): readonly RouteCandidate[];
}

/**
 * The service for one policy of gateway `gatewayId`, over the registries of the snapshot being
 * built. Endpoints are made on first use and kept: a reference names the same registry for the
 * whole life of the snapshot.
 */
export function registryService(registries: ReadonlyMap<string, RegistryView>, gatewayId: string, dispatcher: Dispatcher): RegistryService {
  const endpoints = new Map<string, RegistryEndpoint | undefined>();
  const find = (reference: string): RegistryView | undefined => gatewayRegistry(registries, gatewayId, reference);
  return {
    resolve(reference) {
      if (!endpoints.has(reference)) {
        const registry = find(reference);
        endpoints.set(reference, registry && Object.freeze({ registry, baseUrl: registry.baseUrl, headers: Object.freeze(registryHeaders(registry)), dispatcher }));
      }
      return endpoints.get(reference);
    },
    byId: (id) => registries.get(id),
    candidates(ctx) {
      if (!ctx.consumer) return [];
      return candidatesFor(ctx.consumer, ctx.principal).map((candidate) => ({
        registry: candidate.registry,
        defaultModel: defaultModelFor(candidate, 'chat'),
        allows: (model: string) => allows(candidate, model),
      }));
    },
  };
}

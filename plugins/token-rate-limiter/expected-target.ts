import type { Exchange, RegistryService, RegistryView } from '../../core/plugin/index.js';

/** The model a budget counts: its logical id, and the registry and native id of the call when known. */
export interface BudgetTarget {
  /** The model id (a registry pin removed, a deployment name mapped back to its model). */
  model: string;
  registry?: RegistryView;
  /** The id sent upstream (a deployment name on cloud-hosted registries). */
  nativeModel: string;
}

const PIN = /^@[^/]+\//;
const PIN_PARTS = /^@([^/]+)\/(.+)$/;

/** The model a deployment name stands for on a cloud-hosted registry. */
export function logicalModel(registry: RegistryView | undefined, native: string): string {
  const deployments = registry?.options.deployments as Record<string, string> | undefined;
  if (deployments) for (const [model, deployment] of Object.entries(deployments)) if (deployment === native) return model;
  return native;
}

/** The id sent upstream for `model` on `registry` (its deployment name on cloud-hosted registries). */
function nativeOf(registry: RegistryView, model: string): string {
  const deployments = registry.options.deployments as Record<string, string> | undefined;
  return deployments?.[model] ?? model;
}

/**
 * Before routing: where the request will most likely go, so the reservation is priced and
 * keyed for that model. `auto` takes the first chat candidate's default model, a pin its
 * registry (by slug, else provider), an explicit id the first candidate allowed to serve it;
 * the balancer's state is not touched. Otherwise (a pool, an unroutable model) the request's
 * own model name is used, and routing refuses or resolves it later; settlement then charges
 * the model that really answered.
 */
export function expectedTarget(ctx: Exchange, registries: RegistryService): BudgetTarget {
  const reference = ctx.request?.model ?? '';
  const candidates = registries.candidates(ctx).filter((c) => c.registry.capabilities.has('chat'));
  let chosen: { registry: RegistryView; model: string } | undefined;
  if (reference === 'auto' || reference === '') {
    const first = candidates.find((c) => c.defaultModel);
    if (first) chosen = { registry: first.registry, model: first.defaultModel! };
  } else if (PIN_PARTS.test(reference)) {
    const [, scope, model] = PIN_PARTS.exec(reference)!;
    const pinned = candidates.find((c) => c.registry.slug === scope) ?? candidates.find((c) => c.registry.providerId === scope);
    if (pinned) chosen = { registry: pinned.registry, model };
  } else if (!reference.startsWith('pool:')) {
    const able = candidates.find((c) => c.allows(reference));
    if (able) chosen = { registry: able.registry, model: reference };
  }
  if (chosen) return { model: chosen.model, registry: chosen.registry, nativeModel: nativeOf(chosen.registry, chosen.model) };
  const model = reference.replace(PIN, '');
  return { model, nativeModel: model };
}

/** After the call: the model that answered, from the last successful attempt. */
export function actualTarget(ctx: Exchange, registries: RegistryService): BudgetTarget | undefined {
  const attempt = [...ctx.attempts].reverse().find((a) => a.outcome === 'ok') ?? ctx.attempts.at(-1);
  if (!attempt) return undefined;
  const registry = registries.byId(attempt.registryId);
  return { model: logicalModel(registry, attempt.model), registry, nativeModel: attempt.model };
}

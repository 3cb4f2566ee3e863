import { type ModelPrice, priceFor, type RegistryView, type Usage } from '../../core/plugin/index.js';

/**
 * Dollar budgets count in nano-dollars (1e-9 USD): whole numbers every counter backend adds
 * exactly (a Redis INCRBY, a MongoDB $inc), fine enough for the cheapest token prices.
 */
export const NANO_PER_DOLLAR = 1e9;

/** Nano-dollars per token for a price given per million tokens. */
const perToken = (perMillion: number) => (perMillion * NANO_PER_DOLLAR) / 1e6;

/** Token counts split the way providers bill them. */
export interface BilledTokens {
  /** Prompt tokens, cached and cache-written ones included (as canonical usage counts them). */
  input: number;
  output: number;
  cachedInput?: number;
  cacheWrite?: number;
}

/** What `usage` costs at `price`, in nano-dollars (rounded up: a budget never undercounts). */
export function costNano(tokens: BilledTokens, price: ModelPrice): number {
  const cached = tokens.cachedInput ?? 0;
  const written = tokens.cacheWrite ?? 0;
  const plain = Math.max(0, tokens.input - cached - written);
  const exact =
    plain * perToken(price.input) +
    cached * perToken(price.cached_input ?? price.input) +
    written * perToken(price.cache_write ?? price.input) +
    tokens.output * perToken(price.output);
  // Float products such as 0.15 x 1000 carry noise in the last bits; it must not round up a whole unit.
  return Math.max(0, Math.ceil(exact - 1e-6));
}

/** Canonical usage as billed tokens. */
export function billedTokens(usage: Usage): BilledTokens {
  return { input: usage.input_tokens, output: usage.output_tokens, cachedInput: usage.cached_input_tokens, cacheWrite: usage.cache_creation_input_tokens };
}

/** A registry's own prices (`options.prices`), when it sets any. */
function registryPrices(registry: RegistryView | undefined): Record<string, ModelPrice> | undefined {
  const prices = registry?.options.prices;
  return prices && typeof prices === 'object' ? (prices as Record<string, ModelPrice>) : undefined;
}

/**
 * The price of a call: the registry's prices for the native id sent upstream (a deployment
 * name on cloud-hosted registries) or for the model, then the catalog's, then the policy's
 * default price.
 */
export function priceOfCall(registry: RegistryView | undefined, nativeModel: string, model: string, fallback?: ModelPrice): ModelPrice | undefined {
  const own = registryPrices(registry);
  if (own && Object.hasOwn(own, nativeModel)) return own[nativeModel];
  return priceFor(model, own) ?? fallback;
}

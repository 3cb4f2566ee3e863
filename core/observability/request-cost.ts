/**
 * The dollar cost of a proxied request, from its usage and the model's list price: the
 * registry's own prices (`options.prices`) first, then the built-in catalog
 * (core/providers/prices.json). Undefined when the model has no known price.
 */
import type { Usage } from '../canonical/index.js';
import { priceFor, type ModelPrice } from '../providers/prices.js';
import type { RegistryView } from '../snapshot/views.js';

const PER_TOKEN = 1e-6;

/** A registry's own prices (`options.prices`), empty when it lists none. */
export function registryPrices(registry: RegistryView | undefined): Record<string, ModelPrice> {
  const prices = registry?.options.prices;
  return prices && typeof prices === 'object' ? (prices as Record<string, ModelPrice>) : {};
}

/** What `usage` cost in US dollars at `price` (cached and cache-written prompt tokens at their own rates). */
export function costOf(usage: Usage, price: ModelPrice): number {
  const cached = usage.cached_input_tokens ?? 0;
  const written = usage.cache_creation_input_tokens ?? 0;
  const plain = Math.max(0, usage.input_tokens - cached - written);
  const dollars =
    (plain * price.input + cached * (price.cached_input ?? price.input) + written * (price.cache_write ?? price.input) + usage.output_tokens * price.output) *
    PER_TOKEN;
  // Rounded to a nano-dollar: float noise in the last digits is not a cost.
  return Math.round(dollars * 1e9) / 1e9;
}

/** The cost of the model `model` called on `registry` for `usage`; undefined when unpriced or unused. */
export function requestCostUsd(usage: Usage | undefined, registry: RegistryView | undefined, model: string | undefined): number | undefined {
  if (!usage || !model) return undefined;
  const price = priceFor(model, registryPrices(registry));
  return price ? costOf(usage, price) : undefined;
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths/project-root.js';

/** A model's list price in US dollars per million tokens. */
export interface ModelPrice {
  /** Uncached prompt tokens. */
  input: number;
  /** Completion tokens (reasoning included). */
  output: number;
  /** Prompt tokens read from the provider's cache; default: `input`. */
  cached_input?: number;
  /** Prompt tokens written to the provider's cache; default: `input`. */
  cache_write?: number;
}

/** The price catalog file (core/providers/prices.json): prices as data, with where and when they were taken. */
export interface PriceCatalog {
  currency: 'USD';
  as_of: string;
  sources: Record<string, string>;
  models: Record<string, ModelPrice & { provider?: string }>;
}

/** The built-in price catalog, read once. */
export const PRICE_CATALOG: Readonly<PriceCatalog> = Object.freeze(
  JSON.parse(readFileSync(join(PROJECT_ROOT, 'core/providers/prices.json'), 'utf8')) as PriceCatalog,
);

/** The longest key of the tables that `model` extends (`gpt-4o-mini-2024-07-18` -> `gpt-4o-mini`); earlier tables win ties. */
function longestPrefix(tables: Array<Record<string, ModelPrice>>, model: string): ModelPrice | undefined {
  let best: { key: string; price: ModelPrice } | undefined;
  for (const table of tables) {
    for (const [key, price] of Object.entries(table)) {
      if (model.startsWith(`${key}-`) && (!best || key.length > best.key.length)) best = { key, price };
    }
  }
  return best?.price;
}

/**
 * The price of `model`: exact names first (a registry's own prices, `options.prices`, before
 * the catalog), then the longest listed model it is a dated snapshot of. `vendor/model` names
 * (aggregators) are also tried without the vendor. Undefined when nothing lists the model.
 */
export function priceFor(model: string, overrides: Record<string, ModelPrice> = {}): ModelPrice | undefined {
  const names = model.includes('/') ? [model, model.slice(model.lastIndexOf('/') + 1)] : [model];
  for (const name of names) {
    if (Object.hasOwn(overrides, name)) return overrides[name];
    if (Object.hasOwn(PRICE_CATALOG.models, name)) return PRICE_CATALOG.models[name];
    const prefixed = longestPrefix([overrides, PRICE_CATALOG.models], name);
    if (prefixed) return prefixed;
  }
  return undefined;
}

/**
 * Slugs derived for records created without one: the name folded to a lowercase DNS label,
 * then `-2`, `-3`, ... until it is free within the gateway.
 */
import type { Store } from '../../store/types.js';

/** Folds text to a lowercase DNS label (`My OpenAI` -> `my-openai`); `fallback` when nothing is left. */
export function slugify(text: string, fallback = 'item'): string {
  const folded = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return folded || fallback;
}

/** The slugs used by the gateway's records in `collection`. */
async function takenSlugs(store: Store, collection: string, gatewayId: string): Promise<Set<string>> {
  return new Set((await store.collection(collection).find({ gateway_id: gatewayId }, { projection: { slug: 1 } })).map((d) => String(d.slug)));
}

/** The first of `base`, `base-2`, `base-3`, ... not used by a record of the gateway in `collection`. */
export async function freeSlug(store: Store, collection: string, gatewayId: string, base: string): Promise<string> {
  const taken = await takenSlugs(store, collection, gatewayId);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

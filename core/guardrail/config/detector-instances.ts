/**
 * Detector instances for policy rules. `create(settings)` may load a model or compile large
 * pattern sets, and every management write rebuilds the snapshot, so instances are kept per
 * definition and settings and reused by later snapshots (instances are stateless).
 */
import { LRUCache } from 'lru-cache';
import type { Detector, DetectorDefinition } from '../detector.js';

const caches = new WeakMap<DetectorDefinition<object>, LRUCache<string, Detector>>();

/** The instance for validated `settings` (defaults applied), created once per distinct settings. */
export function detectorInstance(definition: DetectorDefinition<object>, settings: Record<string, unknown>): Detector {
  let cache = caches.get(definition);
  if (!cache) caches.set(definition, (cache = new LRUCache<string, Detector>({ max: 64 })));
  const key = JSON.stringify(settings);
  let instance = cache.get(key);
  if (!instance) {
    instance = definition.create(settings);
    cache.set(key, instance);
  }
  return instance;
}

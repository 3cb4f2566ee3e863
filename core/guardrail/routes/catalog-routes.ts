/**
 * `GET /v1/catalog/collectors` (the nineteen collector types, grouped) and
 * `GET /v1/catalog/detectors` (each loaded detector with its settings JSON Schema).
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import type { PluginHost } from '../../plugin/host.js';
import { validatorFor } from '../../schema/ajv.js';
import { COLLECTOR_TYPES, collectorGroups } from '../catalog/collector-catalog.js';

/** The detectors the host loaded, with their settings schemas. */
function detectorCatalog(host: PluginHost) {
  return [...host.detectors.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((d) => ({
      id: d.name,
      version: d.version,
      description: d.description,
      can_transform: d.canTransform,
      default_threshold: d.defaultThreshold,
      actions: d.canTransform ? ['monitor', 'block', 'transform'] : ['monitor', 'block'],
      settings_schema: validatorFor(d.schemaId).schema,
    }));
}

/** Registers the two catalogs. */
export function catalogRoutes(router: Router, host: PluginHost, admin: Koa.Middleware): void {
  router.get('/v1/catalog/collectors', admin, (koa) => {
    koa.body = { groups: collectorGroups(), total: COLLECTOR_TYPES.length };
  });
  router.get('/v1/catalog/detectors', admin, (koa) => {
    const items = detectorCatalog(host);
    koa.body = { items, total: items.length };
  });
}

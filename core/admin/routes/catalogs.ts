/**
 * `/v1/catalog/*`: providers and models (from core/providers/catalog.json), policy types (the
 * loaded plugins, grouped by category, each with its settings JSON Schema) and the Store's MCP
 * servers. Provider, model and MCP server lists are paginated.
 */
import type Koa from 'koa';
import type Router from '@koa/router';
import { MCP_CATALOG } from '../../catalogs/mcp-servers.js';
import { PROVIDERS, providerEntry } from '../../providers/catalog.js';
import type { ProviderEntry } from '../../providers/types.js';
import { COLLECTIONS, type RegistryRecord } from '../../records/types.js';
import { ajv } from '../../schema/ajv.js';
import type { AdminDeps } from '../app.js';
import { childOf, gatewayInScope } from '../http/gateway-scope.js';
import { pageOf, pageRequest } from '../http/pagination.js';
import { refuse } from '../http/json-body.js';
import { appendTo } from '../../collections/map-of-lists.js';

interface CatalogModel {
  id: string;
  provider: string;
  modalities: string[];
  deployment?: string;
}

/** A model's modalities: the catalog's, else inferred from its id (`embed`: embeddings, `rerank`: rerank, else chat). */
function modalitiesOf(provider: ProviderEntry | undefined, modelId: string): string[] {
  const known = provider?.models?.find((m) => m.id === modelId) ?? (provider?.variant_of ? providerEntry(provider.variant_of)?.models?.find((m) => m.id === modelId) : undefined);
  if (known?.modalities) return [...known.modalities];
  if (/embed/i.test(modelId)) return ['embeddings'];
  if (/rerank/i.test(modelId)) return ['rerank'];
  return ['chat'];
}

const catalogModels = (provider: ProviderEntry): CatalogModel[] =>
  (provider.models ?? []).map((m) => ({ id: m.id, provider: provider.id, modalities: modalitiesOf(provider, m.id) }));

function providerView(p: ProviderEntry): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: p.id,
    name: p.name,
    format: p.format,
    base_url_required: p.base_url_required === true,
    cloud_hosted: p.deployments === true,
    capabilities: [...p.capabilities],
  };
  if (p.base_url) view.base_url = p.base_url;
  if (p.variant_of) view.variant_of = p.variant_of;
  if (p.aggregator) view.aggregator = true;
  return view;
}

/** Models of one registry: a cloud-hosted registry's deployments only; otherwise its provider's catalog. */
async function registryModels(deps: AdminDeps, koa: Koa.Context): Promise<CatalogModel[]> {
  const gateway = await gatewayInScope(deps.store, koa);
  const registry = await childOf<RegistryRecord>(deps.store, COLLECTIONS.registries, gateway._id, String(koa.query.registry_id));
  const provider = providerEntry(registry.provider);
  if (provider?.deployments) {
    return Object.entries(registry.options?.deployments ?? {}).map(([model, deployment]) => ({ id: model, provider: provider.id, modalities: modalitiesOf(provider, model), deployment }));
  }
  return provider ? catalogModels(provider) : [];
}

/** Registers the catalog routes. */
export function catalogRoutes(router: Router, deps: AdminDeps): void {
  router.get('/v1/catalog/providers', (koa) => {
    koa.body = pageOf([...PROVIDERS.values()].map(providerView), pageRequest(koa));
  });

  router.get('/v1/catalog/models', async (koa) => {
    const { provider, gateway_id: gatewayId, registry_id: registryId } = koa.query;
    const request = pageRequest(koa);
    if ((gatewayId === undefined) !== (registryId === undefined)) throw refuse('/gateway_id and /registry_id must be given together');
    if (provider !== undefined && (typeof provider !== 'string' || !providerEntry(provider))) throw refuse(`/provider "${String(provider)}" is not a provider of the catalog`);
    let models: CatalogModel[];
    if (gatewayId !== undefined) {
      koa.params.gateway_id = String(gatewayId);
      models = await registryModels(deps, koa);
    } else {
      models = [...PROVIDERS.values()].flatMap(catalogModels);
    }
    if (typeof provider === 'string') models = models.filter((m) => m.provider === provider);
    koa.body = pageOf(models, request);
  });

  router.get('/v1/catalog/policies', (koa) => {
    const groups = new Map<string, Array<Record<string, unknown>>>();
    const plugins = [...deps.host.plugins.values()].sort((a, b) => a.name.localeCompare(b.name));
    for (const plugin of plugins) {
      const entry: Record<string, unknown> = {
        type: plugin.name,
        version: plugin.version,
        stages: [...plugin.stages],
        settings_schema: (ajv.getSchema(plugin.schemaId)?.schema as object | undefined) ?? plugin.schema ?? {},
      };
      if (plugin.description) entry.description = plugin.description;
      if (plugin.failureMode) entry.failure_mode = plugin.failureMode;
      appendTo(groups, plugin.category, entry);
    }
    koa.body = {
      groups: [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([category, types]) => ({ category, types })),
      total: plugins.length,
    };
  });

  router.get('/v1/catalog/mcp-servers', (koa) => {
    koa.body = pageOf(MCP_CATALOG, pageRequest(koa));
  });
}

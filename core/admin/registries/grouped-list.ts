/**
 * The grouped registry listing (`view=grouped&type=LLM`): every LLM registry of the gateway
 * grouped by provider, unpaginated, so it is refused over 200 registries and with `name`,
 * `page` or `size`.
 */
import type Koa from 'koa';
import { providerEntry } from '../../providers/catalog.js';
import { COLLECTIONS, type RegistryRecord } from '../../records/types.js';
import type { Store } from '../../store/types.js';
import { refuse } from '../http/json-body.js';
import { registryView } from '../views/record-views.js';
import { appendTo } from '../../collections/map-of-lists.js';

/** The most registries a grouped listing returns (spec 8). */
const MAX_GROUPED_REGISTRIES = 200;

/** The grouped listing of a gateway, or 422 when the query cannot have one. */
export async function groupedRegistries(store: Store, gatewayId: string, koa: Koa.Context): Promise<Record<string, unknown>> {
  if (koa.query.view !== 'grouped') throw refuse('/view must be "grouped" (omit view and type for the flat listing)');
  if (koa.query.type !== 'LLM') throw refuse('/type must be "LLM" with view=grouped');
  for (const name of ['name', 'page', 'size']) {
    if (koa.query[name] !== undefined) throw refuse(`/${name} cannot be combined with view=grouped`);
  }
  const registries = store.collection<RegistryRecord>(COLLECTIONS.registries);
  const total = await registries.count({ gateway_id: gatewayId });
  if (total > MAX_GROUPED_REGISTRIES) {
    throw refuse(`/view=grouped needs at most ${MAX_GROUPED_REGISTRIES} registries; this gateway has ${total}: use the paginated listing`);
  }
  const records = await registries.find({ gateway_id: gatewayId, type: 'LLM' }, { sort: { provider: 1, created_at: 1, _id: 1 } });
  const groups = new Map<string, RegistryRecord[]>();
  for (const record of records) appendTo(groups, record.provider, record);
  return {
    view: 'grouped',
    groups: [...groups].map(([provider, members]) => ({
      provider,
      name: providerEntry(provider)?.name ?? provider,
      count: members.length,
      instances: members.map(registryView),
    })),
    total_groups: groups.size,
    total_instances: records.length,
  };
}

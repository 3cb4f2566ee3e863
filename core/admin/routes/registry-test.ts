/**
 * `POST /v1/gateways/{gateway_id}/registries/test`: tests a stored registry (`registry_id`) or
 * an inline candidate. The outcome is always HTTP 200 with `ok` and the last `stage` reached.
 */
import type Router from '@koa/router';
import { COLLECTIONS, type RegistryRecord } from '../../records/types.js';
import type { AdminDeps } from '../app.js';
import { childOf, gatewayInScope } from '../http/gateway-scope.js';
import { readBody } from '../http/json-body.js';
import { runRegistryProbe, type ProbeSubject } from '../registries/probe/run-probe.js';
import { checkRegistry, registryKey, type RegistryInput } from '../registries/registry-input.js';

/** Registers the registry test route. */
export function registryTestRoutes(router: Router, deps: AdminDeps): void {
  router.post('/v1/gateways/:gateway_id/registries/test', async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const body = await readBody<RegistryInput & { registry_id?: string }>(koa, 'registry-test');
    let source: RegistryRecord | (RegistryInput & Pick<RegistryRecord, 'type' | 'provider'>);
    if (body.registry_id) {
      source = await childOf<RegistryRecord>(deps.store, COLLECTIONS.registries, gateway._id, body.registry_id);
    } else {
      source = { ...body, type: body.type ?? 'LLM', provider: body.provider! };
      await checkRegistry(deps.store, gateway._id, source, deps.egress.policy);
    }
    const subject: ProbeSubject = {
      type: source.type,
      provider: source.provider,
      base_url: source.base_url,
      apiKey: await registryKey(deps.store, deps.secretBox, gateway._id, source.auth),
      header: source.auth?.header,
      options: source.options,
      models: source.models,
    };
    koa.body = await runRegistryProbe(subject, deps.host.formats, deps.egress);
  });
}

/**
 * `kit.registries` (core/plugin/registry-service.ts): a reference resolves only to a registry of
 * the policy's own gateway, by id or slug, with the provider's auth and static headers and the
 * egress dispatcher; candidates follow the consumer's registries in routing order.
 */
import { expect } from 'chai';
import { Agent } from 'undici';
import type { Exchange } from '../../../../core/pipeline/exchange.js';
import { registryService } from '../../../../core/plugin/registry-service.js';
import type { ConsumerView, RegistryView } from '../../../../core/snapshot/views.js';

const registry = (id: string, slug: string, gatewayId: string, models: string[] = []) =>
  ({
    id, slug, gatewayId, type: 'LLM', providerId: 'openai', baseUrl: `https://${slug}.example/v1`, apiKey: `sk-${slug}`,
    options: {}, models, capabilities: new Set(['chat', 'embeddings']),
    provider: { id: 'openai', format: 'openai-chat', paths: {}, auth: { header: 'authorization', prefix: 'Bearer ' }, static_headers: { 'x-static': '1' } },
  }) as unknown as RegistryView;

describe('core/plugin registry service (kit.registries)', () => {
  const mine = registry('r1', 'main', 'g1', ['gpt-4o-mini', 'gpt-4o']);
  const theirs = registry('r2', 'other', 'g2');
  const sameSlugElsewhere = registry('r3', 'main', 'g2');
  const registries = new Map([mine, theirs, sameSlugElsewhere].map((r) => [r.id, r]));
  const dispatcher = new Agent();
  after(() => dispatcher.close());

  it('resolves a slug or id of the policy\'s gateway to its endpoint, and nothing of another gateway', () => {
    const service = registryService(registries, 'g1', dispatcher);
    for (const reference of ['main', 'r1']) {
      const endpoint = service.resolve(reference)!;
      expect(endpoint.registry).to.equal(mine);
      expect(endpoint.baseUrl).to.equal('https://main.example/v1');
      expect(endpoint.headers).to.deep.equal({ authorization: 'Bearer sk-main', 'x-static': '1' });
      expect(endpoint.dispatcher).to.equal(dispatcher);
    }
    expect(service.resolve('r2')).to.equal(undefined);
    expect(service.resolve('other')).to.equal(undefined);
    expect(registryService(registries, 'g2', dispatcher).resolve('main')!.registry).to.equal(sameSlugElsewhere);
  });

  it('lists the consumer\'s candidates with their default model and allow-list, and none before the consumer is known', () => {
    const service = registryService(registries, 'g1', dispatcher);
    const consumer = { routingMode: 'inline', registries: [{ registry: mine, weight: 1 }], modelPolicies: [], roles: [] } as unknown as ConsumerView;
    const [candidate, ...rest] = service.candidates({ consumer } as Partial<Exchange> as Exchange);
    expect(rest).to.have.length(0);
    expect(candidate!.registry).to.equal(mine);
    expect(candidate!.defaultModel).to.equal('gpt-4o-mini');
    expect(candidate!.allows('gpt-4o')).to.equal(true);
    expect(candidate!.allows('o1')).to.equal(false);
    expect(service.candidates({} as Exchange)).to.deep.equal([]);
    expect(service.byId('r2')).to.equal(theirs);
  });
});

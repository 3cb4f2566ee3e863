/**
 * Consumer keys on the proxy: accepted in `X-AG-API-Key`, `x-api-key` or `Authorization: Bearer`
 * on every path, and in `x-goog-api-key` or `?key=` on the generateContent paths only. A missing
 * key, a wrong key, another consumer's key and another gateway's key are 401 in the client's
 * format before any upstream call; `X-AG-Gateway-Slug` must name the key's own gateway.
 */
import { expect } from 'chai';
import type { WireFormatId } from '../../../core/canonical/index.js';
import { chatBody, chatPath, errorMessageOf } from './support/raw-chat.js';
import { startProxyWorld, type ProxyWorld } from './support/proxy-world.js';
import { FORMATS } from './support/upstreams.js';

describe('proxy: consumer keys', () => {
  let world: ProxyWorld;
  let otherConsumerKey: string;
  let otherGatewayKey: string;
  let otherGatewaySlug: string;

  before(async () => {
    world = await startProxyWorld();
    const { seed } = world.gateway;
    const registry = world.registries['openai-chat']._id;
    // Another consumer of the same gateway, and a consumer with the same slug in another gateway.
    otherConsumerKey = (await seed.consumer(world.gatewayId, { slug: 'other', registries: [{ registry_id: registry, weight: 1 }] })).key;
    const other = await seed.gateway();
    otherGatewaySlug = other.slug;
    const otherRegistry = await seed.registry(other.id, { provider: 'openai-compatible', base_url: world.upstreams['openai-chat'].url, models: ['gpt-4o-mini'] });
    otherGatewayKey = (await seed.consumer(other.id, { slug: 'elsewhere', registries: [{ registry_id: otherRegistry._id, weight: 1 }] })).key;
    await world.gateway.configChanged();
  });
  after(async () => {
    await world?.close();
  });

  const call = (format: WireFormatId, headers: Record<string, string>, query = '') => {
    const model = world.pin('openai-chat');
    const path = chatPath(format, model, false);
    return fetch(`${world.base}${path}${query ? (path.includes('?') ? '&' : '?') + query : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(chatBody(format, model, false)),
    });
  };

  describe('accepted', () => {
    for (const format of FORMATS) {
      for (const name of ['x-ag-api-key', 'x-api-key', 'authorization']) {
        it(`${format}: the key in ${name}`, async () => {
          const response = await call(format, { [name]: name === 'authorization' ? `Bearer ${world.key}` : world.key });
          expect(response.status).to.equal(200);
        });
      }
    }

    it('generateContent: the key in x-goog-api-key or ?key=', async () => {
      expect((await call('gemini', { 'x-goog-api-key': world.key })).status).to.equal(200);
      expect((await call('gemini', {}, `key=${world.key}`)).status).to.equal(200);
    });

    it('with X-AG-Gateway-Slug naming the key\'s own gateway', async () => {
      expect((await call('openai-chat', { 'x-api-key': world.key, 'x-ag-gateway-slug': world.gatewaySlug })).status).to.equal(200);
    });
  });

  describe('refused with 401 in the client format, upstream untouched', () => {
    for (const format of FORMATS) {
      it(`${format}: missing, wrong, another consumer's and another gateway's key`, async () => {
        const before = world.upstreamCalls();
        const cases: Array<[string, Record<string, string>]> = [
          ['missing', {}],
          ['wrong', { 'x-api-key': `ag_${'x'.repeat(43)}` }],
          ['not an ag_ key', { authorization: 'Bearer sk-not-a-gateway-key' }],
          ["another consumer's", { 'x-api-key': otherConsumerKey }],
          ["another gateway's", { 'x-api-key': otherGatewayKey }],
          ['for another gateway slug', { 'x-api-key': world.key, 'x-ag-gateway-slug': otherGatewaySlug }],
          ['for an unknown gateway slug', { 'x-api-key': world.key, 'x-ag-gateway-slug': 'no-such-gateway' }],
        ];
        for (const [what, headers] of cases) {
          const response = await call(format, headers);
          expect(response.status, what).to.equal(401);
          expect(response.headers.get('x-ag-trace-id'), what).to.be.a('string');
          expect(response.headers.get('x-gateway-error-source'), what).to.equal('gateway');
          errorMessageOf(format, await response.json());
        }
        expect(world.upstreamCalls()).to.equal(before);
      });
    }

    it('x-goog-api-key and ?key= count only on the generateContent paths', async () => {
      for (const format of FORMATS.filter((f) => f !== 'gemini')) {
        expect((await call(format, { 'x-goog-api-key': world.key })).status, format).to.equal(401);
        expect((await call(format, {}, `key=${world.key}`)).status, format).to.equal(401);
      }
    });

    it('a consumer slug of another gateway is unknown to this key', async () => {
      const response = await fetch(`${world.gateway.proxyUrl('elsewhere')}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': world.key },
        body: JSON.stringify(chatBody('openai-chat', 'gpt-4o-mini', false)),
      });
      expect(response.status).to.equal(401);
      const own = await fetch(`${world.gateway.proxyUrl('elsewhere')}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': otherGatewayKey },
        body: JSON.stringify(chatBody('openai-chat', 'gpt-4o-mini', false)),
      });
      expect(own.status).to.equal(200);
    });
  });
});

/**
 * Model resolution happens before any upstream call: `auto` takes the consumer's default (else
 * the first allowed model, else the provider catalog's first chat model), explicit ids must be
 * allowed, `@registry/model` and `@provider/model` pin, cloud-hosted registries map models to
 * deployments in the path with `api-version`. Routing references never reach an upstream, a
 * refused model is answered in the client's own format with the upstream untouched, and
 * successful answers name the selected provider and model.
 */
import { GoogleGenAI } from '@google/genai';
import { expect } from 'chai';
import type { WireFormatId } from '../../../core/canonical/index.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import type { FakeUpstream } from '../../fixtures/providers/fake-upstream.js';
import { startFakeAnthropic } from '../../fixtures/providers/anthropic/server.js';
import { startFakeGemini } from '../../fixtures/providers/gemini/server.js';
import { startFakeOpenAI, type FakeOpenAI, type ScriptedRoute } from '../../fixtures/providers/openai/server.js';
import { answerResponsesRequest } from '../../fixtures/providers/openai/responses-server.js';
import { errorMessageOf, postChat } from './support/raw-chat.js';
import { FORMATS } from './support/upstreams.js';

/** The Responses API on the same fake OpenAI, as OpenAI serves both. */
const responsesRoute: ScriptedRoute = {
  method: 'POST',
  pattern: /^\/v1\/responses$/,
  handle: (x) => answerResponsesRequest(x.res, x.body as Record<string, unknown>, x.reply, x.options, x.recorded),
};

describe('proxy: model resolution', () => {
  let gateway: TestGateway;
  let openaiA: FakeOpenAI;
  let openaiB: FakeOpenAI;
  let azure: FakeOpenAI;
  let anthropic: FakeUpstream;
  let gemini: FakeUpstream;
  const keys: Record<string, string> = {};
  const all = () => [openaiA, openaiB, azure, anthropic, gemini];
  const calls = () => all().reduce((n, u) => n + u.requests.length, 0);

  const send = (slug: string, model: string, format: WireFormatId = 'openai-chat', stream = false) => postChat(gateway.proxyUrl(slug), keys[slug], format, model, stream);

  before(async () => {
    [openaiA, openaiB, azure] = await Promise.all([startFakeOpenAI({ routes: [responsesRoute] }), startFakeOpenAI(), startFakeOpenAI()]);
    anthropic = await startFakeAnthropic();
    gemini = await startFakeGemini();
    gateway = await createTestGateway({ planes: ['proxy'] });
    const gw = (await gateway.seed.gateway()).id;
    const oa = await gateway.seed.registry(gw, { provider: 'openai', slug: 'oa', base_url: openaiA.url, apiKey: 'oa-key', models: ['gpt-4o-mini', 'gpt-4o'] });
    const oa2 = await gateway.seed.registry(gw, { provider: 'openai', slug: 'oa2', base_url: openaiB.url, apiKey: 'oa2-key', models: ['gpt-4o-mini'] });
    const ant = await gateway.seed.registry(gw, { provider: 'anthropic', slug: 'ant', base_url: anthropic.url, apiKey: 'ant-key' });
    const az = await gateway.seed.registry(gw, {
      provider: 'azure-openai',
      slug: 'az',
      base_url: azure.origin,
      apiKey: 'az-key',
      options: { api_version: '2024-10-21', deployments: { 'gpt-4.1': 'prod-gpt41' } },
    });
    await gateway.seed.registry(gw, { provider: 'gemini', slug: 'gem', base_url: gemini.url, apiKey: 'gem-key', models: ['gemini-2.5-flash'] });
    const bind = (...ids: string[]) => ids.map((registry_id) => ({ registry_id, weight: 1 }));
    const consumers: Array<[string, Parameters<TestGateway['seed']['consumer']>[1]]> = [
      ['app', { slug: 'app', registries: bind(oa._id, ant._id, az._id), model_policies: [{ registry_id: oa._id, allow: ['gpt-4o-mini', 'gpt-4o'], default: 'gpt-4o' }] }],
      ['solo-default', { slug: 'solo-default', registries: bind(oa._id), model_policies: [{ registry_id: oa._id, default: 'gpt-4o' }] }],
      ['solo-first', { slug: 'solo-first', registries: bind(oa2._id) }],
      ['solo-open', { slug: 'solo-open', registries: bind(ant._id) }],
      ['dual', { slug: 'dual', registries: bind(oa._id, oa2._id) }],
      ['narrow', { slug: 'narrow', registries: bind(oa._id), model_policies: [{ registry_id: oa._id, allow: ['gpt-4o-mini'] }] }],
    ];
    for (const [slug, fields] of consumers) keys[slug] = (await gateway.seed.consumer(gw, fields)).key;
    await gateway.configChanged();
  });

  after(async () => {
    await gateway?.close();
    await Promise.all(all().map((u) => u?.close()));
  });

  const lastBody = (u: FakeUpstream) => u.requests.at(-1)!.body as Record<string, unknown>;

  describe('auto', () => {
    it('takes the model policy default, and names the selection in headers', async () => {
      const response = await send('solo-default', 'auto');
      expect(response.status).to.equal(200);
      expect(lastBody(openaiA).model).to.equal('gpt-4o');
      expect(response.headers.get('x-selected-provider')).to.equal('openai');
      expect(response.headers.get('x-selected-model')).to.equal('gpt-4o');
    });

    it('takes the first allowed model when no default is set', async () => {
      const response = await send('solo-first', 'auto');
      expect(response.headers.get('x-selected-model')).to.equal('gpt-4o-mini');
      expect(lastBody(openaiB).model).to.equal('gpt-4o-mini');
    });

    it("takes the provider catalog's first chat model on an open registry", async () => {
      const response = await send('solo-open', 'auto', 'anthropic-messages');
      expect(response.status).to.equal(200);
      expect(lastBody(anthropic).model).to.equal('claude-sonnet-4-5');
      expect(response.headers.get('x-selected-provider')).to.equal('anthropic');
    });
  });

  describe('explicit ids and pins', () => {
    it('sends an allowed id to the registry allowing it', async () => {
      const response = await send('app', 'gpt-4o-mini');
      expect(response.headers.get('x-selected-provider')).to.equal('openai');
      expect(lastBody(openaiA).model).to.equal('gpt-4o-mini');
    });

    it("sends a catalog id to the open registry of that provider", async () => {
      const response = await send('app', 'claude-opus-4-1', 'cohere-v2');
      expect(response.status).to.equal(200);
      expect(response.headers.get('x-selected-model')).to.equal('claude-opus-4-1');
      expect(lastBody(anthropic).model).to.equal('claude-opus-4-1');
    });

    it('puts the deployment of a cloud-hosted registry in the path, with api-version and its key header', async () => {
      const response = await send('app', 'gpt-4.1', 'anthropic-messages');
      expect(response.status).to.equal(200);
      expect(response.headers.get('x-selected-provider')).to.equal('azure-openai');
      // The header names the model; the deployment is the registry's business.
      expect(response.headers.get('x-selected-model')).to.equal('gpt-4.1');
      const recorded = azure.requests.at(-1)!;
      expect(recorded.path).to.equal('/openai/deployments/prod-gpt41/chat/completions');
      expect(recorded.query).to.deep.equal({ 'api-version': '2024-10-21' });
      expect(recorded.headers['api-key']).to.equal('az-key');
      expect(recorded.headers.authorization).to.equal(undefined);
    });

    it('pins a registry by slug: @oa/gpt-4o (an OpenAI registry serves a responses client natively)', async () => {
      const response = await send('app', '@oa/gpt-4o', 'openai-responses');
      expect(response.status).to.equal(200);
      expect(openaiA.requests.at(-1)!.path).to.equal('/v1/responses');
      expect(lastBody(openaiA).model).to.equal('gpt-4o');
      expect(response.headers.get('x-selected-model')).to.equal('gpt-4o');
    });

    it('pins a provider: @anthropic/claude-haiku-4-5', async () => {
      const response = await send('app', '@anthropic/claude-haiku-4-5', 'gemini');
      expect(response.status).to.equal(200);
      expect(lastBody(anthropic).model).to.equal('claude-haiku-4-5');
    });

    it('balances a provider pin among that provider\'s registries', async () => {
      const [a, b] = [openaiA.requests.length, openaiB.requests.length];
      for (let i = 0; i < 4; i++) expect((await send('dual', '@openai/gpt-4o-mini')).status).to.equal(200);
      expect(openaiA.requests.length - a).to.be.greaterThan(0);
      expect(openaiB.requests.length - b).to.be.greaterThan(0);
    });

    it('takes a pin in the generateContent path percent-encoded too', async () => {
      const response = await fetch(`${gateway.proxyUrl('dual')}/v1beta/models/${encodeURIComponent('@openai/gpt-4o-mini')}:generateContent`, {
        method: 'POST',
        headers: { 'x-goog-api-key': keys.dual!, 'content-type': 'application/json' },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
      });
      expect(response.status).to.equal(200);
      expect(response.headers.get('x-selected-model')).to.equal('gpt-4o-mini');
    });

    it('takes a pin with a slash in the generateContent path from the @google/genai SDK', async () => {
      const ai = new GoogleGenAI({ apiKey: keys.dual!, httpOptions: { baseUrl: gateway.proxyUrl('dual'), retryOptions: { attempts: 1 } } });
      const response = await ai.models.generateContent({ model: '@openai/gpt-4o-mini', contents: 'hi' });
      expect(response.candidates?.[0]?.content?.parts?.[0]?.text).to.equal('Hello from openai');
      expect(response.sdkHttpResponse?.headers?.['x-selected-provider']).to.equal('openai');
      const last = [openaiA, openaiB].flatMap((u) => u.requests).at(-1);
      expect(last).to.not.equal(undefined);
    });
  });

  describe('refusals, before any upstream call', () => {
    const refused: Array<[string, string, string]> = [
      ['app', 'o3-mini', "another provider's catalog model is not an open registry's to take"],
      ['app', 'gemini-2.5-flash', 'a model of a registry the consumer is not bound to'],
      ['app', 'gpt-4.1-mini', 'a model the cloud-hosted registry has no deployment for'],
      ['narrow', 'gpt-4o', 'a model the registry lists but the consumer policy does not allow'],
      ['app', '@oa/o3-mini', 'a pinned registry that does not allow the model'],
      ['app', '@gem/gemini-2.5-flash', 'a pinned registry the consumer is not bound to'],
      ['app', '@nobody/gpt-4o', 'a pin naming no registry or provider'],
    ];
    for (const [slug, model, why] of refused) {
      it(`${slug} asking for ${model}: 403 (${why})`, async () => {
        const before = calls();
        const response = await send(slug, model);
        expect(response.status).to.equal(403);
        expect(response.headers.get('x-gateway-error-source')).to.equal('gateway');
        expect(errorMessageOf('openai-chat', await response.json())).to.be.a('string').and.not.equal('');
        expect(calls()).to.equal(before);
      });
    }

    for (const format of FORMATS) {
      it(`answers a refused model in the ${format} client's own error format`, async () => {
        const before = calls();
        for (const stream of [false, true]) {
          const response = await send('app', 'o3-mini', format, stream);
          expect(response.status).to.equal(403);
          expect(response.headers.get('content-type')).to.contain('application/json');
          expect(response.headers.get('x-ag-trace-id')).to.be.a('string');
          expect(response.headers.get('x-selected-provider')).to.equal(null);
          expect(errorMessageOf(format, await response.json())).to.contain('o3-mini');
        }
        expect(calls()).to.equal(before);
      });
    }
  });

  describe('selection headers and references', () => {
    for (const format of FORMATS) {
      it(`${format}: a streamed answer names the selected provider and model too`, async () => {
        const response = await send('app', '@ant/claude-sonnet-4-5', format, true);
        expect(response.status).to.equal(200);
        expect(response.headers.get('x-selected-provider')).to.equal('anthropic');
        expect(response.headers.get('x-selected-model')).to.equal('claude-sonnet-4-5');
        expect(response.headers.get('x-ag-trace-id')).to.be.a('string');
        await response.text();
      });
    }

    it('never forwards a routing reference upstream', () => {
      for (const recorded of all().flatMap((u) => u.requests)) {
        const text = `${recorded.path} ${JSON.stringify(recorded.body)}`;
        expect(text).to.not.match(/@(oa|oa2|ant|az|gem|openai|anthropic|nobody)\//);
        expect((recorded.body as { model?: string } | undefined)?.model).to.not.equal('auto');
        expect(recorded.path).to.not.contain('auto');
      }
      expect(all().flatMap((u) => u.requests).length).to.be.greaterThan(10);
    });
  });
});

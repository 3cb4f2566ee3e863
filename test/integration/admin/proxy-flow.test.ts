/**
 * The admin plane driving the proxy: the operator walk of docs/admin-api.md over HTTP
 * (gateway, registry, consumer, auth, attach) ends in a chat call through the official openai
 * SDK; every admin write is visible to the very next proxied request; and no response body or
 * log line ever holds the upstream key, the vault secret, the `ag_` key after its creation
 * response, or a key hash.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { AdminClient } from './helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from './helpers/admin-harness.js';

const ok = AdminClient.expectStatus;
const UPSTREAM_KEY = 'sk-flow-upstream-key-0001';
const VAULT_KEY = 'sk-flow-vault-key-0002';

describe('admin: writes seen by the proxy', () => {
  let h: AdminHarness;
  let upstream: FakeOpenAI;
  let g: string;
  let registryId: string;
  let consumerId: string;
  let client: OpenAI;

  const chat = (model = 'gpt-4o-mini') => client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hello' }] });

  before(async () => {
    h = await startAdminHarness();
    h.secrets.add(UPSTREAM_KEY, VAULT_KEY);
    upstream = await startFakeOpenAI();
    const gateway = await h.newGateway({ slug: 'flow' });
    g = `/v1/gateways/${gateway.id}`;
  });
  after(async () => {
    await h?.close();
    await upstream?.close();
  });

  it('gateway -> registry -> consumer -> auth -> attach -> a proxied chat call with the new key', async () => {
    const registry = ok(await h.tenantA.post(`${g}/registries`, { slug: 'fake-openai', type: 'LLM', provider: 'openai', base_url: upstream.url, auth: { api_key: UPSTREAM_KEY }, models: ['gpt-4o-mini'] }), 201);
    registryId = registry.id;
    const consumer = ok(await h.tenantA.post(`${g}/consumers`, { slug: 'app', registries: [{ registry_id: registry.id }] }), 201);
    consumerId = consumer.id;
    const auth = ok(await h.tenantA.post(`${g}/auths`, { name: 'app key', type: 'api_key' }), 201);
    const key: string = auth.key;
    h.rememberKey(key);
    ok(await h.tenantA.put(`${g}/consumers/${consumer.id}/auths/${auth.id}`), 200);

    client = new OpenAI({ apiKey: key, baseURL: `${h.gateway.proxyUrl('app')}/v1`, maxRetries: 0 });
    const completion = await chat();
    expect(completion.choices[0].message.content).to.equal('Hello from openai');
    expect(upstream.requests.at(-1)!.headers.authorization).to.equal(`Bearer ${UPSTREAM_KEY}`);
  });

  it('an admin write is visible to the very next proxied request', async () => {
    // Narrow the allow-list: the next call for the other model is refused at once.
    ok(await h.tenantA.patch(`${g}/consumers/${consumerId}`, { model_policies: [{ registry_id: registryId, allow: ['gpt-4o'] }] }), 200);
    let refused: unknown;
    try {
      await chat('gpt-4o-mini');
    } catch (err) {
      refused = err;
    }
    expect(refused).to.be.instanceOf(OpenAI.APIError);
    ok(await h.tenantA.patch(`${g}/consumers/${consumerId}`, { model_policies: [] }), 200);
    expect((await chat('gpt-4o-mini')).choices[0].message.content).to.equal('Hello from openai');

    // Rotate the upstream key to a vault credential: the very next call carries it.
    const credential = ok(await h.tenantA.post(`${g}/vault-credentials`, { name: 'rotated', secret: VAULT_KEY }), 201);
    ok(await h.tenantA.patch(`${g}/registries/${registryId}`, { auth: { credential_id: credential.id } }), 200);
    await chat();
    expect(upstream.requests.at(-1)!.headers.authorization).to.equal(`Bearer ${VAULT_KEY}`);

    // Detaching the registry leaves the consumer nothing to call.
    ok(await h.tenantA.delete(`${g}/consumers/${consumerId}/registries/${registryId}`), 200);
    let unroutable: unknown;
    try {
      await chat();
    } catch (err) {
      unroutable = err;
    }
    expect(unroutable).to.be.instanceOf(OpenAI.APIError);
    ok(await h.tenantA.put(`${g}/consumers/${consumerId}/registries/${registryId}`), 200);
    await chat();
  });

  it('a deleted auth stops working at once', async () => {
    const extra = ok(await h.tenantA.post(`${g}/auths`, { type: 'api_key' }), 201);
    h.rememberKey(extra.key);
    ok(await h.tenantA.put(`${g}/consumers/${consumerId}/auths/${extra.id}`), 200);
    const second = new OpenAI({ apiKey: extra.key, baseURL: `${h.gateway.proxyUrl('app')}/v1`, maxRetries: 0 });
    await second.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect((await h.tenantA.delete(`${g}/auths/${extra.id}`)).status).to.equal(204);
    let status: number | undefined;
    try {
      await second.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    } catch (err) {
      status = (err as InstanceType<typeof OpenAI.APIError>).status;
    }
    expect(status).to.equal(401);
  });

  it('no log line holds a stored secret, an ag_ key or a key hash', async () => {
    expect(h.logs.lines.length).to.be.greaterThan(5);
    expect(h.leakedInLogs()).to.deep.equal([]);
  });
});

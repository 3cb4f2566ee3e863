/**
 * The stored-shape schemas (the MongoDB validators' source) accept every record the admin API
 * actually stores, and translate to `$jsonSchema` validators.
 */
import { createRequire } from 'node:module';
import { expect } from 'chai';
import { CONFIG_COLLECTIONS, storedSchemaOf } from '../../../core/records/collections.js';
import { jsonSchemaToMongo } from '../../../core/store/json-schema-to-mongo.js';
import { loadProjectSchemas } from '../../../core/schema/ajv.js';
import { AdminClient } from './helpers/admin-client.js';
import { startAdminHarness, STAGE_RECORDER, type AdminHarness } from './helpers/admin-harness.js';

const ok = AdminClient.expectStatus;
const require = createRequire(import.meta.url);
const Ajv2020 = (require('ajv/dist/2020.js') as { default: new (o: object) => { addSchema(s: object): void; compile(s: object): ((d: unknown) => boolean) & { errors?: unknown } } }).default;
const addFormats = (require('ajv-formats') as { default: (a: unknown) => void }).default;

describe('admin: stored records match their stored-shape schemas', () => {
  let h: AdminHarness;

  before(async () => {
    h = await startAdminHarness({ plugins: [STAGE_RECORDER] });
    const gateway = await h.newGateway({ slug: 'stored' });
    const g = `/v1/gateways/${gateway.id}`;
    const credential = ok(await h.tenantA.post(`${g}/vault-credentials`, { name: 'vaulted', secret: 'sk-stored-vault-secret' }), 201);
    const registry = ok(await h.tenantA.post(`${g}/registries`, { slug: 'inline', type: 'LLM', provider: 'openai', base_url: 'http://127.0.0.1:9/v1', auth: { api_key: 'sk-stored-inline-secret' }, models: ['gpt-4o-mini'] }), 201);
    ok(await h.tenantA.post(`${g}/registries`, { slug: 'vaulted', type: 'LLM', provider: 'anthropic', auth: { credential_id: credential.id } }), 201);
    const consumer = ok(await h.tenantA.post(`${g}/consumers`, { slug: 'app', registries: [{ registry_id: registry.id, weight: 2 }] }), 201);
    const rb = ok(await h.tenantA.post(`${g}/consumers`, { slug: 'rb', routing_mode: 'role_based' }), 201);
    const role = ok(await h.tenantA.post(`${g}/roles`, { name: 'analysts', match: { claim: 'groups', any_of: ['analysts'] } }), 201);
    ok(await h.tenantA.put(`${g}/consumers/${rb.id}/roles/${role.id}`), 200);
    const auth = ok(await h.tenantA.post(`${g}/auths`, { name: 'key', type: 'api_key' }), 201);
    h.rememberKey(auth.key);
    ok(await h.tenantA.post(`${g}/auths`, { name: 'sso', type: 'oidc', oidc: { issuer: 'https://idp.example', audience: 'portcullis', jwks_uri: 'https://idp.example/jwks', groups_claim: 'groups' } }), 201);
    ok(await h.tenantA.put(`${g}/consumers/${consumer.id}/auths/${auth.id}`), 200);
    const policy = ok(await h.tenantA.post(`${g}/policies`, { slug: 'rec', name: 'Rec', type: 'stage_recorder', settings: { label: 'x' } }), 201);
    ok(await h.tenantA.put(`${g}/consumers/${consumer.id}/policies/${policy.id}`), 200);
    ok(await h.platform.post('/v1/machine-credentials', { name: 'ci', roles: ['platform_admin'] }), 201);
  });
  after(async () => {
    await h?.close();
  });

  it('every stored config record validates against its stored-shape schema', async () => {
    loadProjectSchemas();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { SCHEMAS_DIR } = await import('../../../core/paths/project-root.js');
    const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : f.endsWith('.schema.json') ? [join(dir, f)] : []));
    for (const file of walk(SCHEMAS_DIR)) ajv.addSchema(JSON.parse(readFileSync(file, 'utf8')));
    let checked = 0;
    for (const { name, record } of CONFIG_COLLECTIONS) {
      if (!record) continue;
      const validate = ajv.compile(storedSchemaOf(record));
      const docs = await h.gateway.store!.collection(name).find({});
      expect(docs.length, `${name} has stored records`).to.be.greaterThan(0);
      for (const doc of docs) {
        expect(validate(JSON.parse(JSON.stringify(doc))), `${name}: ${JSON.stringify(validate.errors)}`).to.equal(true);
        checked++;
      }
      expect(() => jsonSchemaToMongo(storedSchemaOf(record))).to.not.throw();
    }
    expect(checked).to.be.greaterThan(10);
  });

  it('the stored shape drops write-only fields and the API id, and admits internal fields', () => {
    const registry = storedSchemaOf('registry') as { properties: Record<string, { properties?: Record<string, unknown> }>; additionalProperties?: unknown };
    expect(registry.properties).to.not.have.property('id');
    expect(registry.properties.auth?.properties ?? {}).to.not.have.property('api_key');
    expect(registry.additionalProperties).to.not.equal(false);
  });
});

/**
 * `GET /v1/openapi.json`: an OpenAPI 3.1 document, version 1.0, whose paths are exactly the
 * routes the admin router serves (both directions), whose schemas come from schemas/ and all
 * compile, and against which every admin test validates every response (AdminClient).
 */
import type Router from '@koa/router';
import { expect } from 'chai';
import { ADMIN_ROUTE_MODULES } from '../../../core/admin/routes/index.js';
import type { AdminRouteModule } from '../../../core/admin/app.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ajv } from '../../../core/schema/ajv.js';
import { AdminClient } from './helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from './helpers/admin-harness.js';

const ok = AdminClient.expectStatus;
type Json = Record<string, any>;

describe('admin: the OpenAPI description', () => {
  let h: AdminHarness;
  let router: Router | undefined;
  let document: Json;

  before(async () => {
    // Capture the admin router itself: it holds every route, including other planes' extras.
    const capture: AdminRouteModule = (r) => {
      router = r;
    };
    h = await startAdminHarness({ planes: ['admin'], adminRoutes: [...ADMIN_ROUTE_MODULES, capture] });
    document = ok(await h.anonymous.get('/v1/openapi.json'), 200);
  });
  after(async () => {
    await h?.close();
  });

  it('is OpenAPI 3.1 with info.version 1.0, BearerAuth and /v1 paths', () => {
    expect(document.openapi).to.match(/^3\.1\./);
    expect(document.info.version).to.equal('1.0');
    expect(document.components.securitySchemes.BearerAuth).to.include({ type: 'apiKey', in: 'header', name: 'Authorization' });
    for (const path of Object.keys(document.paths)) expect(path.startsWith('/v1/'), path).to.equal(true);
  });

  it('passes a strict OpenAPI 3.1 validator, with every reference inside the document', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors, JSON.stringify(result.errors)).to.equal(undefined);
    expect(result.valid).to.equal(true);
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.filter((r) => !r.startsWith('"$ref":"#/components/')), 'references leaving the document').to.deep.equal([]);
  });

  it('describes exactly the routes the router serves', () => {
    const served = new Set<string>();
    for (const layer of router!.stack) {
      for (const method of layer.methods) {
        if (method === 'HEAD') continue;
        served.add(`${method} ${String(layer.path).replace(/:(\w+)/g, '{$1}')}`);
      }
    }
    const described = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths as Json)) {
      for (const method of Object.keys(operations)) described.add(`${method.toUpperCase()} ${path}`);
    }
    expect([...served].filter((route) => !described.has(route)), 'served but not described').to.deep.equal([]);
    expect([...described].filter((route) => !served.has(route)), 'described but not served').to.deep.equal([]);
  });

  it('every described route answers on its path (no "no route" 404 or 405)', async () => {
    for (const [template, operations] of Object.entries(document.paths as Json)) {
      for (const method of Object.keys(operations)) {
        if (template.startsWith('/v1/config-sync/data-plane/')) continue;
        const path = template.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
        const response = await h.platform.request(method.toUpperCase(), path, method === 'get' || method === 'delete' ? undefined : {});
        expect(String(response.body?.message ?? ''), `${method} ${template}`).to.not.match(/^no route|not allowed on/);
      }
    }
  });

  it('references request and response schemas from schemas/, all of which compile', () => {
    const ids = Object.values(document.components.schemas as Record<string, Json>).map((schema) => schema['x-schema-id'] as string);
    expect(ids).to.include.members([
      'https://portcullis.dev/schemas/records/gateway.schema.json',
      'https://portcullis.dev/schemas/records/registry.schema.json',
      'https://portcullis.dev/schemas/records/consumer.schema.json',
      'https://portcullis.dev/schemas/records/role.schema.json',
      'https://portcullis.dev/schemas/records/policy.schema.json',
      'https://portcullis.dev/schemas/records/auth.schema.json',
      'https://portcullis.dev/schemas/records/vault-credential.schema.json',
      'https://portcullis.dev/schemas/records/machine-credential.schema.json',
    ]);
    for (const id of ids) expect(ajv.getSchema(id), id).to.not.equal(undefined);
    const create = document.paths['/v1/gateways/{gateway_id}/consumers'].post;
    expect(create.requestBody.content['application/json'].schema.$ref).to.equal('#/components/schemas/ConsumerCreate');
    expect(create.responses['201'].content['application/json'].schema.$ref).to.equal('#/components/schemas/Consumer');
    expect(create.responses['422'].content['application/json'].schema.$ref).to.equal('#/components/schemas/AdminError');
  });

  it('each record schema is strict, titled and described', () => {
    for (const schema of Object.values(document.components.schemas as Record<string, Json>)) {
      if (!String(schema['x-schema-id']).includes('/records/')) continue;
      expect(schema.title, schema['x-schema-id']).to.match(/^[A-Z][A-Za-z]+$/);
      expect(schema.additionalProperties, schema['x-schema-id']).to.equal(false);
      expect(schema.description, schema['x-schema-id']).to.be.a('string');
      for (const [name, property] of Object.entries(schema.properties as Record<string, Json>)) expect(property.description, `${schema['x-schema-id']} ${name}`).to.be.a('string');
    }
  });

  it('the response recorder refuses a body that breaks the document', () => {
    expect(() => h.anonymous.validator.check('GET', '/v1/version', 200, 'application/json', { name: 'x' })).to.throw(/does not match/);
    expect(() => h.anonymous.validator.check('GET', '/v1/nowhere', 200, 'application/json', {})).to.throw(/not described/);
  });
});

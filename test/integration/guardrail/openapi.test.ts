/**
 * `GET /v1/openapi.json` on the guardrail plane: an OpenAPI 3.1 document that passes a strict
 * validator, describes exactly the /v1 routes the plane serves, and whose schemas every answer
 * of a management and evaluate round trip (errors included) matches.
 */
import type Router from '@koa/router';
import { Validator } from '@seriousme/openapi-schema-validator';
import { expect } from 'chai';
import type Koa from 'koa';
import { createGuardrailPlane } from '../../../core/guardrail/plane.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { OpenApiValidator } from '../admin/helpers/openapi-validator.js';
import { GuardrailClient, keywordRule, type JsonResponse } from './support/guardrail-client.js';

type Json = Record<string, any>;

/** The `METHOD /path` pairs a Koa app's router serves under /v1 (path parameters in OpenAPI form). */
function servedRoutes(app: Koa): Set<string> {
  const routed = app.middleware.find((m) => 'router' in m) as unknown as { router: Router } | undefined;
  const served = new Set<string>();
  for (const layer of routed!.router.stack) {
    if (!String(layer.path).startsWith('/v1/')) continue;
    for (const method of layer.methods) if (method !== 'HEAD') served.add(`${method} ${String(layer.path).replace(/:(\w+)/g, '{$1}')}`);
  }
  return served;
}

describe('guardrail: the OpenAPI description', () => {
  let gateway: TestGateway;
  let client: GuardrailClient;
  let document: Json;
  let validator: OpenApiValidator;

  before(async () => {
    gateway = await createTestGateway({ planes: ['guardrail'] });
    client = await GuardrailClient.for(gateway);
    const res = await client.raw('GET', '/v1/openapi.json');
    expect(res.status).to.equal(200);
    document = res.body;
    validator = new OpenApiValidator(document);
  });
  after(async () => gateway?.close());

  /** Checks an answer against the document, then hands it back. */
  const checked = (method: string, path: string, res: JsonResponse): JsonResponse => {
    validator.check(method, path, res.status, res.headers.get('content-type'), res.body);
    return res;
  };

  it('passes a strict OpenAPI 3.1 validator, with every reference inside the document', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors, JSON.stringify(result.errors)).to.equal(undefined);
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.filter((r) => !r.startsWith('"$ref":"#/components/')), 'references leaving the document').to.deep.equal([]);
    expect(document.paths['/v1/evaluate'].post.security).to.deep.equal([{ CollectorKey: [] }]);
  });

  it('describes exactly the /v1 routes the plane serves (management ones included)', () => {
    const plane = createGuardrailPlane({
      holder: gateway.holder, host: gateway.host, log: gateway.log, telemetry: gateway.telemetry, store: gateway.store,
      readiness: () => ({ ready: true, checks: {} }),
      adminVerifier: { verify: async () => undefined } as never,
      configChanged: async () => undefined,
    });
    const served = servedRoutes(plane.app);
    const described = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths as Json)) for (const method of Object.keys(operations)) described.add(`${method.toUpperCase()} ${path}`);
    expect([...served].filter((r) => !described.has(r)), 'served but not described').to.deep.equal([]);
    expect([...described].filter((r) => !served.has(r)), 'described but not served').to.deep.equal([]);
  });

  it('matches the answers of a management and evaluate round trip, errors included', async () => {
    const admin = async (method: string, path: string, body?: unknown) => checked(method, path, await client.admin(method, path, body));
    expect((await admin('GET', '/v1/catalog/collectors')).status).to.equal(200);
    expect((await admin('GET', '/v1/catalog/detectors')).status).to.equal(200);
    const collector = await admin('POST', '/v1/collectors', { name: 'openapi', type: 'rest_api' });
    expect(collector.status).to.equal(201);
    const collectorId = collector.body.id as string;
    expect((await admin('GET', '/v1/collectors')).status).to.equal(200);
    expect((await admin('PATCH', `/v1/collectors/${collectorId}`, { description: 'described' })).status).to.equal(200);
    const key = await admin('POST', `/v1/collectors/${collectorId}/keys`, { name: 'k' });
    expect(key.status).to.equal(201);
    expect((await admin('GET', `/v1/collectors/${collectorId}/keys`)).status).to.equal(200);
    const policy = await admin('POST', '/v1/policies', { name: 'p', mode: 'enforce', collectors: [collectorId], rules: [keywordRule('project-x')] });
    expect(policy.status).to.equal(201);
    expect((await admin('GET', `/v1/policies/${policy.body.id}`)).status).to.equal(200);
    const evaluate = checked('POST', '/v1/evaluate', await client.evaluate(key.body.key, { payload: { input: 'about project-x' }, direction: 'input' }));
    expect(evaluate.status).to.equal(200);
    const hook = {
      eventType: 'beforeRequestHook', provider: 'openai', requestType: 'chatComplete', metadata: { _user: 'ana@example.com' },
      request: { json: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'about project-x' }] }, text: 'about project-x' },
      response: { json: {}, text: '' },
    };
    const webhook = await client.raw('POST', '/v1/integrations/webhook?deny_status=446', { body: hook, headers: { authorization: `Bearer ${key.body.key}` } });
    expect(checked('POST', '/v1/integrations/webhook', webhook).status).to.equal(446);
    expect((await admin('GET', `/v1/activity?collector_id=${collectorId}`)).status).to.equal(200);
    // Errors: no credential, a missing record, a body breaking the schema, a bad filter.
    expect(checked('POST', '/v1/evaluate', await client.evaluate(undefined, { payload: { input: 'x' } })).status).to.equal(401);
    expect((await admin('GET', '/v1/collectors/00000000-0000-4000-8000-000000000000')).status).to.equal(404);
    expect((await admin('POST', '/v1/policies', { name: 'p', mode: 'sometimes' })).status).to.equal(422);
    expect((await admin('GET', '/v1/activity?colour=red')).status).to.equal(422);
    expect((await admin('PATCH', `/v1/collectors/${collectorId}/keys/${key.body.id}`, { active: false })).status).to.equal(200);
    expect((await admin('DELETE', `/v1/collectors/${collectorId}/keys/${key.body.id}`)).status).to.equal(204);
    expect((await admin('DELETE', `/v1/policies/${policy.body.id}`)).status).to.equal(204);
    expect((await admin('DELETE', `/v1/collectors/${collectorId}`)).status).to.equal(204);
  });

  it('the validator refuses an answer that breaks the document', () => {
    expect(() => validator.check('POST', '/v1/evaluate', 200, 'application/json', { verdict: 42 })).to.throw(/does not match/);
  });
});

/**
 * POST /v1/evaluate bodies and keys (spec 2.6, 4.4, 5, 7): unknown top-level fields are 400
 * naming the field, a body of protocol, direction and payload is accepted, missing or invalid
 * keys are 401, inactive or expired keys 403, and every answer carries request_id.
 */
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { GuardrailClient, keywordRule } from './support/guardrail-client.js';

describe('guardrail evaluate: request bodies, keys and errors', () => {
  let gateway: TestGateway;
  let client: GuardrailClient;
  let collector: { collectorId: string; keyId: string; key: string };

  before(async () => {
    gateway = await createTestGateway({ planes: ['guardrail'] });
    client = await GuardrailClient.for(gateway);
    collector = await client.collectorWithKey('rest_api');
    await client.policy({ collectors: [collector.collectorId], rules: [keywordRule('project-x')] });
  });
  after(async () => gateway?.close());

  const minimal = { protocol: 'llm', direction: 'input', payload: { input: 'hello there' } };

  it('accepts a body with only protocol, direction and payload, answering 200 with trace_id and request_id', async () => {
    const res = await client.evaluate(collector.key, minimal);
    expect(res.status).to.equal(200);
    expect(res.body.status).to.equal('allow');
    expect(res.body.findings).to.deep.equal([]);
    expect(res.body.trace_id).to.be.a('string').and.not.equal('');
    expect(res.body.request_id).to.be.a('string').and.equal(res.headers.get('x-request-id'));
  });

  for (const field of ['input', 'metadata', 'collector_id', 'detector_id', 'model']) {
    it(`refuses the unknown top-level field ${field} with 400 naming it`, async () => {
      const res = await client.evaluate(collector.key, { ...minimal, [field]: 'x' });
      expect(res.status).to.equal(400);
      expect(res.body.error).to.equal('unknown_field');
      expect(res.body.message).to.contain(`/${field}`);
      expect(res.body.request_id).to.be.a('string');
    });
  }

  it('refuses a gateway webhook hook event forwarded unchanged (400)', async () => {
    const hook = { eventType: 'beforeRequestHook', request: { json: { messages: [] }, text: '' }, response: { json: {}, text: '' }, metadata: { _user: 'u' }, provider: 'openai' };
    const res = await client.evaluate(collector.key, hook);
    expect(res.status).to.equal(400);
    expect(res.body.error).to.equal('unknown_field');
  });

  it('refuses a missing direction or payload, and a wrong direction, with 400 naming the field', async () => {
    const noDirection = await client.evaluate(collector.key, { payload: { input: 'x' } });
    expect(noDirection.status).to.equal(400);
    expect(noDirection.body.message).to.contain('/direction');
    const noPayload = await client.evaluate(collector.key, { direction: 'input' });
    expect(noPayload.status).to.equal(400);
    expect(noPayload.body.message).to.contain('/payload');
    const wrong = await client.evaluate(collector.key, { direction: 'sideways', payload: { input: 'x' } });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.error).to.equal('invalid_request');
    expect(wrong.body.message).to.contain('/direction');
  });

  it('refuses a payload that is no known shape, and a malformed chat body naming the field', async () => {
    const shapeless = await client.evaluate(collector.key, { direction: 'input', payload: { text: 'x' } });
    expect(shapeless.status).to.equal(400);
    expect(shapeless.body.message).to.contain('/payload');
    const malformed = await client.evaluate(collector.key, { direction: 'input', payload: { messages: [{ role: 'user', content: 42 }] } });
    expect(malformed.status).to.equal(400);
    expect(malformed.body.error).to.equal('invalid_request');
    expect(malformed.body.message).to.match(/\/payload\/messages\/0\/content/);
  });

  it('answers 400 invalid_json for a body that is not JSON, with request_id', async () => {
    const res = await client.raw('POST', '/v1/evaluate', { text: '{not json', headers: { authorization: `Bearer ${collector.key}`, 'content-type': 'application/json' } });
    expect(res.status).to.equal(400);
    expect(res.body.error).to.equal('invalid_json');
    expect(res.body.request_id).to.be.a('string');
  });

  it('answers 401 for a missing key, a key of another scheme and an unknown key, with request_id', async () => {
    for (const key of [undefined, 'tgk_unknownunknownunknownunknown']) {
      const res = await client.evaluate(key, minimal);
      expect(res.status, String(key)).to.equal(401);
      expect(res.body.error).to.equal('unauthorized');
      expect(res.body.request_id).to.be.a('string').and.equal(res.headers.get('x-request-id'));
    }
    const basic = await client.raw('POST', '/v1/evaluate', { body: minimal, headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } });
    expect(basic.status).to.equal(401);
  });

  it('answers 403 for an inactive key and again 200 once it is reactivated', async () => {
    const { collectorId, keyId, key } = await client.collectorWithKey('python_sdk');
    const off = await client.admin('PATCH', `/v1/collectors/${collectorId}/keys/${keyId}`, { active: false });
    expect(off.status).to.equal(200);
    expect(off.body.active).to.equal(false);
    const refused = await client.evaluate(key, minimal);
    expect(refused.status).to.equal(403);
    expect(refused.body.error).to.equal('forbidden');
    expect(refused.body.request_id).to.be.a('string');
    await client.admin('PATCH', `/v1/collectors/${collectorId}/keys/${keyId}`, { active: true });
    expect((await client.evaluate(key, minimal)).status).to.equal(200);
  });

  it('answers 403 for an expired key, and 200 once the expiry is cleared', async () => {
    const { collectorId, keyId, key } = await client.collectorWithKey('typescript_sdk');
    await client.admin('PATCH', `/v1/collectors/${collectorId}/keys/${keyId}`, { expires_at: new Date(Date.now() - 60_000).toISOString() });
    const refused = await client.evaluate(key, minimal);
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.contain('expired');
    await client.admin('PATCH', `/v1/collectors/${collectorId}/keys/${keyId}`, { expires_at: null });
    expect((await client.evaluate(key, minimal)).status).to.equal(200);
  });

  it('answers 401 once a key is revoked (deleted)', async () => {
    const { collectorId, keyId, key } = await client.collectorWithKey('langgraph');
    expect((await client.evaluate(key, minimal)).status).to.equal(200);
    expect((await client.admin('DELETE', `/v1/collectors/${collectorId}/keys/${keyId}`)).status).to.equal(204);
    expect((await client.evaluate(key, minimal)).status).to.equal(401);
  });

  it('checks the key before the body: a bad body with no key is 401', async () => {
    const res = await client.evaluate(undefined, { collector_id: 'x' });
    expect(res.status).to.equal(401);
  });

  it('answers a block verdict with HTTP 200', async () => {
    const res = await client.evaluate(collector.key, { direction: 'input', payload: { input: 'tell me about project-x' } });
    expect(res.status).to.equal(200);
    expect(res.body.status).to.equal('block');
  });

  it('carries request_id on unknown paths and wrong methods too', async () => {
    const missing = await client.raw('GET', '/v1/nothing-here');
    expect(missing.status).to.equal(404);
    expect(missing.body.request_id).to.be.a('string');
    const method = await client.raw('GET', '/v1/evaluate');
    expect(method.status).to.be.oneOf([404, 405]);
    expect(method.body.request_id).to.be.a('string');
  });
});

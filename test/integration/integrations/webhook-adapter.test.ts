/**
 * POST /v1/integrations/webhook (spec 4.5 rule 7, API.md "Gateway webhook adapter"): an AI
 * gateway's hook event in, the evaluate body built from it, `{verdict, data: {status, trace_id,
 * request_id}}` out, `verdict` false only for `block`; `?deny_status=` answers a block with that
 * status. Sent as the gateway's webhook guardrail sends it; the real gateway as the caller is in
 * webhook-gateway-client.test.ts.
 */
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { GuardrailClient, keywordRule } from '../guardrail/support/guardrail-client.js';

/** A hook event as the gateway's webhook guardrail posts it (the gateway's own context plus `eventType`). */
function hookEvent(eventType: 'beforeRequestHook' | 'afterRequestHook', fields: { prompt?: string; answer?: string; user?: string; session?: string; provider?: string } = {}) {
  const requestJson = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: fields.prompt ?? 'Hello there' }] };
  const responseJson =
    eventType === 'afterRequestHook'
      ? {
          id: 'chatcmpl-1', object: 'chat.completion', created: 1764288000, model: 'gpt-4o-mini-2024-07-18',
          choices: [{ index: 0, message: { role: 'assistant', content: fields.answer ?? 'Hi!' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
        }
      : {};
  return {
    request: { json: requestJson, text: fields.prompt ?? 'Hello there', isStreamingRequest: false, isTransformed: false },
    response: { json: responseJson, text: eventType === 'afterRequestHook' ? (fields.answer ?? 'Hi!') : '', statusCode: eventType === 'afterRequestHook' ? 200 : null, isTransformed: false },
    provider: fields.provider ?? 'openai',
    requestType: 'chatComplete',
    metadata: { _user: fields.user ?? 'ana@example.com', session_id: fields.session ?? 'conv-7' },
    eventType,
  };
}

describe('integrations: gateway webhook adapter (POST /v1/integrations/webhook)', () => {
  let gateway: TestGateway;
  let client: GuardrailClient;
  let key: string;

  before(async () => {
    gateway = await createTestGateway({ planes: ['guardrail'] });
    client = await GuardrailClient.for(gateway);
    const collector = await client.collectorWithKey('portkey');
    key = collector.key;
    await client.policy({
      collectors: [collector.collectorId],
      gates: [
        { name: 'no anthropic', when: [{ field: 'model.provider', op: 'eq', value: 'anthropic' }], action: 'block' },
        { name: 'banned user', when: [{ field: 'consumer.id', op: 'eq', value: 'mallory' }], action: 'block' },
        { name: 'audit mini', when: [{ field: 'model.name', op: 'eq', value: 'gpt-4o-mini' }], action: 'report' },
      ],
      rules: [keywordRule('project-x', 'block', 'input'), keywordRule('launch-codes', 'block', 'output')],
    });
  });
  after(async () => gateway?.close());

  /** Posts a hook event; `withKey` null sends no Authorization header. */
  const webhook = (body: unknown, query = '', withKey: string | null = key) => client.evaluate(withKey ?? undefined, body, `/v1/integrations/webhook${query}`);

  it('answers a clean request with verdict true and the evaluation status, trace and request ids', async () => {
    const res = await webhook(hookEvent('beforeRequestHook'));
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.have.keys('verdict', 'data');
    expect(res.body.verdict).to.equal(true);
    expect(res.body.data).to.have.keys('status', 'trace_id', 'request_id');
    expect(res.body.data.status).to.equal('report');
    expect(res.body.data.request_id).to.equal(res.headers.get('x-request-id'));
  });

  it('answers a blocked request with verdict false and HTTP 200', async () => {
    const res = await webhook(hookEvent('beforeRequestHook', { prompt: 'Summarise project-x for me' }));
    expect(res.status).to.equal(200);
    expect(res.body.verdict).to.equal(false);
    expect(res.body.data.status).to.equal('block');
  });

  it('answers a block with ?deny_status=446 as 446, and an allow still as 200', async () => {
    const blocked = await webhook(hookEvent('beforeRequestHook', { prompt: 'project-x' }), '?deny_status=446');
    expect(blocked.status).to.equal(446);
    expect(blocked.body.verdict).to.equal(false);
    expect(blocked.body.data.status).to.equal('block');
    const allowed = await webhook(hookEvent('beforeRequestHook'), '?deny_status=446');
    expect(allowed.status).to.equal(200);
    expect(allowed.body.verdict).to.equal(true);
  });

  it('evaluates beforeRequestHook as input and afterRequestHook as output (the response json)', async () => {
    // The output-only rule does not fire on the request path ...
    const input = await webhook(hookEvent('beforeRequestHook', { prompt: 'what are the launch-codes?' }));
    expect(input.body.verdict).to.equal(true);
    // ... and fires on the completion; the input-only rule does not fire on it.
    const output = await webhook(hookEvent('afterRequestHook', { prompt: 'tell me', answer: 'the launch-codes are 0000' }));
    expect(output.body.verdict).to.equal(false);
    const clean = await webhook(hookEvent('afterRequestHook', { prompt: 'project-x', answer: 'I cannot help with that' }));
    expect(clean.body.verdict).to.equal(true);
    await gateway.telemetry.flush();
    const recorded = await client.admin('GET', `/v1/activity?trace_id=${output.body.data.trace_id}`);
    expect(recorded.body.items[0]).to.include({ direction: 'output', status: 'block' });
  });

  it('takes the payload from text when json is absent', async () => {
    const event = hookEvent('beforeRequestHook');
    const res = await webhook({ ...event, request: { json: null, text: 'notes on project-x' } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.verdict).to.equal(false);
  });

  it('sends consumer_id from metadata._user, session_id, and the model and provider attributes', async () => {
    const res = await webhook(hookEvent('beforeRequestHook', { user: 'ana@example.com', session: 'conv-99' }));
    await gateway.telemetry.flush();
    const recorded = await client.admin('GET', `/v1/activity?trace_id=${res.body.data.trace_id}`);
    const activity = recorded.body.items[0];
    expect(activity).to.include({ consumer_id: 'ana@example.com', session_id: 'conv-99', collector_type: 'portkey', protocol: 'llm', direction: 'input' });
    expect(activity.attributes).to.deep.equal({ 'model.name': 'gpt-4o-mini', 'model.provider': 'openai', 'source.application': 'portkey' });
    // Gates see the same dimensions.
    expect((await webhook(hookEvent('beforeRequestHook', { provider: 'anthropic' }))).body.verdict).to.equal(false);
    expect((await webhook(hookEvent('beforeRequestHook', { user: 'mallory' }))).body.verdict).to.equal(false);
  });

  it('refuses a missing or invalid key (401) and an inactive one (403) with the plane\'s error body', async () => {
    const missing = await webhook(hookEvent('beforeRequestHook'), '', null);
    expect(missing.status).to.equal(401);
    expect(missing.body).to.include({ error: 'unauthorized' });
    expect(missing.body.message).to.be.a('string');
    expect(missing.body.request_id).to.be.a('string');
    expect((await webhook(hookEvent('beforeRequestHook'), '', 'tgk_not_a_key')).status).to.equal(401);
    const collector = await client.collectorWithKey('portkey', 'inactive one');
    await client.admin('PATCH', `/v1/collectors/${collector.collectorId}/keys/${collector.keyId}`, { active: false });
    const inactive = await webhook(hookEvent('beforeRequestHook'), '', collector.key);
    expect(inactive.status).to.equal(403);
    expect(inactive.body.error).to.equal('forbidden');
  });

  it('refuses events it cannot evaluate with 400 naming the field', async () => {
    const badType = await webhook({ ...hookEvent('beforeRequestHook'), eventType: 'onStream' });
    expect(badType.status).to.equal(400);
    expect(badType.body.error).to.equal('invalid_request');
    expect(badType.body.message).to.contain('eventType');
    const nothing = await webhook({ ...hookEvent('beforeRequestHook'), request: { json: null, text: '' } });
    expect(nothing.status).to.equal(400);
    expect(nothing.body.message).to.contain('/request');
    const noAnswer = await webhook({ ...hookEvent('afterRequestHook'), response: { json: {}, text: '', statusCode: 200 } });
    expect(noAnswer.status).to.equal(400);
    expect(noAnswer.body.message).to.contain('/response');
    const notJson = await client.raw('POST', '/v1/integrations/webhook', { text: '{nope', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } });
    expect(notJson.status).to.equal(400);
    expect(notJson.body.error).to.equal('invalid_json');
  });

  it('names the hook event\'s field when the format adapters cannot read its json', async () => {
    const event = hookEvent('beforeRequestHook');
    const res = await webhook({ ...event, request: { json: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 42 }] }, text: 'x' } });
    expect(res.status, JSON.stringify(res.body)).to.equal(400);
    expect(res.body.message).to.contain('/request/json/messages').and.not.contain('/payload');
    const answer = hookEvent('afterRequestHook');
    const bad = await webhook({ ...answer, response: { json: { object: 'chat.completion', choices: 'none' }, text: '' } });
    expect(bad.status, JSON.stringify(bad.body)).to.equal(400);
    expect(bad.body.message).to.contain('/response/json').and.not.contain('/payload');
  });

  it('refuses a deny_status that is not a 4xx or 5xx status', async () => {
    for (const value of ['abc', '200', '99', '600']) {
      const res = await webhook(hookEvent('beforeRequestHook'), `?deny_status=${value}`);
      expect(res.status, value).to.equal(400);
      expect(res.body.message).to.contain('deny_status');
    }
  });

  it('is needed: the hook event sent unchanged to /v1/evaluate is refused', async () => {
    const res = await client.evaluate(key, hookEvent('beforeRequestHook'));
    expect(res.status).to.equal(400);
  });
});

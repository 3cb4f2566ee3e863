/**
 * Activity (spec 6): every evaluation is recorded off the request path through the telemetry
 * sink; `trace_id` joins a response to its record; records are found by session, consumer,
 * collector and time, paginated; they hold findings, never payload text or sensitive values.
 */
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { validatorFor } from '../../../core/schema/ajv.js';
import { GuardrailClient, keywordRule, maskRule } from './support/guardrail-client.js';

const SECRET_EMAIL = 'secret.person@example.com';

describe('guardrail activity', () => {
  let gateway: TestGateway;
  let client: GuardrailClient;
  let collector: { collectorId: string; key: string };
  let startedAt: string;

  before(async () => {
    gateway = await createTestGateway({ planes: ['guardrail'] });
    client = await GuardrailClient.for(gateway);
    collector = await client.collectorWithKey('langchain');
    await client.policy({ collectors: [collector.collectorId], rules: [maskRule(), keywordRule('omega', 'block')] });
    startedAt = new Date().toISOString();
  });
  after(async () => gateway?.close());

  const activity = async (query: string) => {
    await gateway.telemetry.flush();
    const res = await client.admin('GET', `/v1/activity?${query}`);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const page = validatorFor('https://portcullis.dev/schemas/api/guardrail/activity-page.schema.json');
    expect(page(structuredClone(res.body)), JSON.stringify(page.errors)).to.equal(true);
    return res.body as { items: Array<Record<string, any>>; page: number; size: number; total: number };
  };

  it('finds an evaluation by the trace_id of its response, with its findings and attribution', async () => {
    const res = await client.evaluate(collector.key, {
      protocol: 'llm',
      direction: 'input',
      consumer_id: 'app-1',
      session_id: 'conv-1',
      payload: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: `mail ${SECRET_EMAIL}` }] },
      attributes: { 'source.application': 'support-bot', 'model.provider': 'openai', 'tool.command': `curl -d ${SECRET_EMAIL} https://x` },
    });
    expect(res.body.status).to.equal('transform');
    const page = await activity(`trace_id=${res.body.trace_id}`);
    expect(page.total).to.equal(1);
    const record = page.items[0];
    expect(record).to.include({
      trace_id: res.body.trace_id,
      request_id: res.body.request_id,
      consumer_id: 'app-1',
      session_id: 'conv-1',
      collector_id: collector.collectorId,
      collector_type: 'langchain',
      direction: 'input',
      protocol: 'llm',
      status: 'transform',
      mode: 'enforce',
    });
    expect(record.findings).to.deep.equal(res.body.findings);
    expect(record.attributes).to.deep.equal({ 'model.name': 'gpt-4o-mini', 'model.provider': 'openai', 'source.application': 'support-bot' });
    expect(validatorFor('https://portcullis.dev/schemas/records/guardrail-activity.schema.json')(structuredClone(record)), JSON.stringify(record)).to.equal(true);
  });

  it('never records payload text or sensitive attribute values', async () => {
    await client.evaluate(collector.key, {
      direction: 'input',
      session_id: 'conv-secret',
      payload: { input: `omega ${SECRET_EMAIL}` },
      attributes: { 'tool.command': `echo ${SECRET_EMAIL}`, claude_code: { hook: { prompt: SECRET_EMAIL } } },
    });
    const page = await activity('session_id=conv-secret');
    expect(page.total).to.equal(1);
    const stored = await gateway.store!.collection('activity').find({});
    const everything = JSON.stringify(stored) + JSON.stringify(page);
    expect(everything).to.not.contain(SECRET_EMAIL);
    expect(everything).to.not.contain('secret.person');
  });

  it('filters by session, consumer and collector, and pages newest first', async () => {
    const other = await client.collectorWithKey('crewai');
    for (let i = 0; i < 3; i++) {
      await client.evaluate(collector.key, { direction: 'input', consumer_id: 'pager', session_id: 'conv-pages', payload: { input: `turn ${i}` } });
    }
    await client.evaluate(other.key, { direction: 'output', consumer_id: 'pager', session_id: 'conv-other', payload: { input: 'unguarded' } });

    const bySession = await activity('session_id=conv-pages');
    expect(bySession.total).to.equal(3);
    const byConsumer = await activity('consumer_id=pager');
    expect(byConsumer.total).to.equal(4);
    const byCollector = await activity(`collector_id=${other.collectorId}`);
    expect(byCollector.total).to.equal(1);
    expect(byCollector.items[0]).to.include({ status: 'allow', policy_id: null, direction: 'output' });

    const first = await activity('consumer_id=pager&size=2&page=1');
    const second = await activity('consumer_id=pager&size=2&page=2');
    expect(first.items).to.have.length(2);
    expect(second.items).to.have.length(2);
    const times = [...first.items, ...second.items].map((r) => Date.parse(r.at));
    expect(times).to.deep.equal([...times].sort((a, b) => b - a));
    expect(new Set([...first.items, ...second.items].map((r) => r.id)).size).to.equal(4);
  });

  it('filters by time range', async () => {
    const before = await activity(`to=${encodeURIComponent(startedAt)}`);
    expect(before.total).to.equal(0);
    const since = await activity(`from=${encodeURIComponent(startedAt)}&consumer_id=pager`);
    expect(since.total).to.equal(4);
    const future = await activity(`from=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`);
    expect(future.total).to.equal(0);
  });

  it('refuses unknown filters and malformed times (422)', async () => {
    const unknown = await client.admin('GET', '/v1/activity?payload=x');
    expect(unknown.status).to.equal(422);
    expect(unknown.body.message).to.contain('/payload');
    const badTime = await client.admin('GET', '/v1/activity?from=yesterday');
    expect(badTime.status).to.equal(422);
    expect(badTime.body.message).to.contain('/from');
  });

  it('records a failed evaluation too', async () => {
    const broken = await client.collectorWithKey();
    const policy = await client.policy({ collectors: [broken.collectorId], rules: [keywordRule('omega')] });
    // A stored rule whose settings no longer pass the detector's schema cannot run: a detector failure.
    await gateway.store!.collection('guardrail_policies').updateOne({ _id: policy.id }, { $set: { 'rules.0.settings': { keywords: 'not a list' } } });
    await gateway.configChanged();
    const res = await client.evaluate(broken.key, { direction: 'input', payload: { input: 'hello' } });
    expect(res.status).to.equal(503);
    const page = await activity(`trace_id=${res.body.trace_id}`);
    expect(page.items[0]).to.include({ status: 'error', collector_id: broken.collectorId });
  });

  it('another tenant sees none of these records', async () => {
    const other = await GuardrailClient.for(gateway, 't-2');
    await gateway.telemetry.flush();
    const res = await other.admin('GET', '/v1/activity');
    expect(res.body.total).to.equal(0);
  });
});

describe('guardrail activity on the embedded store', () => {
  let gateway: TestGateway;
  after(async () => gateway?.close());

  it('keeps the newest PORTCULLIS_ACTIVITY_MAX_RECORDS records, so memory stays bounded', async () => {
    gateway = await createTestGateway({ planes: ['guardrail'], env: { PORTCULLIS_ACTIVITY_MAX_RECORDS: '3' } });
    const client = await GuardrailClient.for(gateway);
    const collector = await client.collectorWithKey('langchain');
    const traces: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await client.evaluate(collector.key, { direction: 'input', session_id: 'bounded', payload: { input: `turn ${i}` } });
      traces.push(res.body.trace_id);
      // One telemetry batch per evaluation, so the records are stored in this order.
      await gateway.telemetry.flush();
    }
    const res = await client.admin('GET', '/v1/activity?session_id=bounded');
    expect(res.status).to.equal(200);
    expect(res.body.total).to.equal(3);
    expect(res.body.items.map((r: { trace_id: string }) => r.trace_id)).to.have.members(traces.slice(2));
  });

  it('refuses a maximum that is not a positive whole number', async () => {
    const error = await createTestGateway({ planes: ['guardrail'], env: { PORTCULLIS_ACTIVITY_MAX_RECORDS: '0' } }).catch((e: unknown) => e);
    expect(String(error)).to.contain('activity max records must be a positive number of records');
  });
});

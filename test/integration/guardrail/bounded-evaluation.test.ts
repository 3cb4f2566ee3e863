/**
 * Evaluation that cannot be crashed: a prompt of 130,000 e-mail addresses (about 2 MB) is
 * masked or blocked, never answered 500; what a rule reports is capped while every value is
 * still masked; and a detector that throws is a `detector_error` finding, in the answer and in
 * the Activity record, under both fail modes.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { GuardrailClient, keywordRule, maskRule } from './support/guardrail-client.js';
import { manyEmails } from './support/many-emails.js';

const throwingDetector = fileURLToPath(new URL('./support/throwing-detector', import.meta.url));


type Finding = { source: { plugin: string }; signal: { type: string }; outcome: { action: string }; evidence: { masked: number; entities: string[]; matches_total?: number } };

describe('guardrail evaluate: bounded evaluation and detector errors', () => {
  let gateway: TestGateway;
  let client: GuardrailClient;

  before(async () => {
    gateway = await createTestGateway({ planes: ['guardrail'], plugins: [throwingDetector] });
    client = await GuardrailClient.for(gateway);
  });
  after(async () => gateway?.close());

  async function guarded(fields: Record<string, unknown>): Promise<string> {
    const { collectorId, key } = await client.collectorWithKey();
    await client.policy({ collectors: [collectorId], ...fields });
    return key;
  }
  const ask = (key: string, input: string) => client.evaluate(key, { protocol: 'llm', direction: 'input', payload: { input } });
  const activityOf = async (traceId: string) => {
    await gateway.telemetry.flush();
    const res = await client.admin('GET', `/v1/activity?trace_id=${traceId}`);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.items as Array<{ status: string; findings: Finding[] }>;
  };

  it('a 2 MB prompt of 130,000 e-mail addresses is masked (transform), every address replaced, no 500', async () => {
    const text = manyEmails(130_000);
    expect(text.length).to.be.greaterThan(1_900_000);
    const key = await guarded({ rules: [maskRule()] });
    const res = await ask(key, `mail ${text}`);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(200);
    expect(res.body.status).to.equal('transform');
    const masked: string = res.body.transformed_payload.input;
    expect(masked).to.not.match(/u\d+@mail\.io/);
    expect(res.body.findings).to.have.length(1);
    expect(res.body.findings[0].evidence.masked).to.equal(130_000);
  });

  it('the same prompt with a blocked keyword is blocked (the keyword rule still decides), no 500', async () => {
    const key = await guarded({ rules: [maskRule(), keywordRule('project-x', 'block')] });
    const res = await ask(key, `project-x ${manyEmails(130_000)}`);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(200);
    expect(res.body.status).to.equal('block');
    expect(res.body).to.not.have.property('transformed_payload');
  });

  it('a payload nested 100,000 deep is refused 400 invalid_json; one nested 200 deep in tool input is inspected and masked', async () => {
    const key = await guarded({ rules: [maskRule()] });
    const deep = `{"protocol":"llm","direction":"input","payload":{"input":${'['.repeat(100_000)}"x"${']'.repeat(100_000)}}}`;
    const refused = await client.raw('POST', '/v1/evaluate', { text: deep, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } });
    expect(refused.status).to.equal(400);
    expect(refused.body.error).to.equal('invalid_json');
    let input: unknown = { to: 'ana@example.com' };
    for (let i = 0; i < 200; i++) input = { next: input };
    const payload = {
      model: 'claude-sonnet-4-5',
      max_tokens: 10,
      messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'send', input }] }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'sent' }] }],
    };
    const res = await client.evaluate(key, { protocol: 'llm', direction: 'input', payload });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(200);
    expect(res.body.status).to.equal('transform');
    expect(JSON.stringify(res.body.transformed_payload)).to.not.contain('ana@example.com');
  });

  it('a detector that throws under fail_mode closed: 503 detector_failed, and Activity records a detector_error finding', async () => {
    const key = await guarded({ rules: [{ detector: 'throwing_detector', direction: 'input', action: 'block', name: 'broken' }] });
    const res = await ask(key, 'anything');
    expect(res.status).to.equal(503);
    expect(res.body.error).to.equal('detector_failed');
    expect(res.body.detector).to.equal('throwing_detector');
    const [record] = await activityOf(res.body.trace_id);
    expect(record.status).to.equal('error');
    expect(record.findings.map((f) => `${f.source.plugin}:${f.signal.type}:${f.outcome.action}`)).to.deep.equal(['throwing_detector:detector_error:block']);
  });

  it('a detector that throws under fail_mode open: the verdict and Activity carry a detector_error finding and the other rules decide', async () => {
    const key = await guarded({ fail_mode: 'open', rules: [{ detector: 'throwing_detector', direction: 'input', action: 'block' }, maskRule()] });
    const res = await ask(key, 'write to ana@example.com');
    expect(res.status).to.equal(200);
    expect(res.body.status).to.equal('transform');
    expect(res.body.transformed_payload.input).to.not.contain('ana@example.com');
    const errors = (res.body.findings as Finding[]).filter((f) => f.signal.type === 'detector_error');
    expect(errors.map((f) => `${f.source.plugin}:${f.outcome.action}`)).to.deep.equal(['throwing_detector:report']);
    const [record] = await activityOf(res.body.trace_id);
    expect(record.findings.some((f) => f.signal.type === 'detector_error')).to.equal(true);
  });
});

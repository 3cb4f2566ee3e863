/**
 * Verdicts (spec 1.2, 3.1, 3.2): evaluation order, the most restrictive status winning, monitor
 * rules reporting, observe mode capping at report with findings keeping their action, per-
 * consumer overrides, gates and their ops, Ask gates never matching on output, the highest-
 * priority policy applying, unguarded collectors answering allow, and detector failures.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { GuardrailClient, keywordRule, maskRule } from './support/guardrail-client.js';

const throwingDetector = fileURLToPath(new URL('./support/throwing-detector', import.meta.url));

type Finding = { source: { kind: string; plugin: string; detector_name: string }; signal: { type: string; confidence: number }; outcome: { action: string }; evidence: { masked: number; entities: string[] } };

describe('guardrail evaluate: verdicts, modes, gates and overrides', () => {
  let gateway: TestGateway;
  let client: GuardrailClient;

  before(async () => {
    gateway = await createTestGateway({ planes: ['guardrail'], plugins: [throwingDetector] });
    client = await GuardrailClient.for(gateway);
  });
  after(async () => gateway?.close());

  /** A fresh collector guarded by a policy with `fields`; returns its key. */
  async function guarded(fields: Record<string, unknown>, type = 'rest_api'): Promise<string> {
    const { collectorId, key } = await client.collectorWithKey(type);
    await client.policy({ collectors: [collectorId], ...fields });
    return key;
  }
  const ask = (key: string, input: string, extra: Record<string, unknown> = {}) =>
    client.evaluate(key, { protocol: 'llm', direction: 'input', payload: { input }, ...extra });
  const actions = (findings: Finding[]) => findings.map((f) => `${f.source.detector_name}:${f.outcome.action}`).sort();

  it('a collector no policy guards answers allow and inspects nothing', async () => {
    const { key } = await client.collectorWithKey('crewai');
    const res = await ask(key, 'project-x and ana@example.com');
    expect(res.body).to.include({ status: 'allow' });
    expect(res.body.findings).to.deep.equal([]);
  });

  it('nothing firing answers allow', async () => {
    const key = await guarded({ rules: [keywordRule('project-x')] });
    const res = await ask(key, 'good morning');
    expect(res.body.status).to.equal('allow');
    expect(res.body.findings).to.deep.equal([]);
  });

  it('a monitor rule reports, with the finding shape of spec 2.7', async () => {
    const key = await guarded({ rules: [{ ...keywordRule('project-x', 'monitor'), name: 'watch x' }] });
    const res = await ask(key, 'status of project-x?');
    expect(res.body.status).to.equal('report');
    expect(res.body.findings).to.deep.equal([
      {
        source: { kind: 'detector', plugin: 'topic_keyword_moderation', detector_name: 'watch x' },
        signal: { type: 'keyword', confidence: 1 },
        outcome: { action: 'report' },
        evidence: { masked: 0, entities: ['project-x'] },
      },
    ]);
    expect(res.body).to.not.have.property('transformed_payload');
  });

  it('a transform rule answers transform with the masked payload', async () => {
    const key = await guarded({ rules: [maskRule()] });
    const res = await ask(key, 'write to ana@example.com');
    expect(res.body.status).to.equal('transform');
    expect(res.body.transformed_payload.input).to.not.contain('ana@example.com');
    expect(res.body.transformed_payload.input).to.match(/^write to \S+$/);
    expect(res.body.findings[0]).to.deep.include({ outcome: { action: 'transform' } });
    expect(res.body.findings[0].evidence).to.deep.equal({ masked: 1, entities: ['EMAIL_ADDRESS'] });
  });

  it('the most restrictive status wins when several rules fire: block > transform > report', async () => {
    const key = await guarded({
      rules: [{ ...keywordRule('alpha', 'monitor'), name: 'alpha' }, { ...maskRule(), name: 'mask' }, { ...keywordRule('omega', 'block'), name: 'omega' }],
    });
    const reportOnly = await ask(key, 'alpha');
    expect(reportOnly.body.status).to.equal('report');
    const transform = await ask(key, 'alpha ana@example.com');
    expect(transform.body.status).to.equal('transform');
    expect(actions(transform.body.findings)).to.deep.equal(['alpha:report', 'mask:transform']);
    const block = await ask(key, 'alpha omega ana@example.com');
    expect(block.body.status).to.equal('block');
    expect(actions(block.body.findings)).to.deep.equal(['alpha:report', 'mask:transform', 'omega:block']);
    expect(block.body).to.not.have.property('transformed_payload');
  });

  it('ask ranks between block and transform, and only gates ask', async () => {
    const key = await guarded({
      gates: [{ name: 'confirm shell', when: [{ field: 'tool.name', op: 'eq', value: 'shell' }], action: 'ask' }],
      rules: [maskRule(), keywordRule('omega', 'block')],
    });
    const askOverTransform = await ask(key, 'ana@example.com', { attributes: { 'tool.name': 'shell' } });
    expect(askOverTransform.body.status).to.equal('ask');
    const blockOverAsk = await ask(key, 'omega', { attributes: { 'tool.name': 'shell' } });
    expect(blockOverAsk.body.status).to.equal('block');
  });

  it('an Ask gate never matches on output; a Block gate does', async () => {
    const key = await guarded({
      gates: [
        { name: 'ask gpt', when: [{ field: 'model.name', op: 'eq', value: 'gpt-4o' }], action: 'ask' },
        { name: 'block legacy', when: [{ field: 'model.name', op: 'eq', value: 'legacy' }], action: 'block' },
      ],
    });
    const body = (direction: string, model: string) => ({ direction, payload: { input: 'hi' }, attributes: { 'model.name': model } });
    expect((await client.evaluate(key, body('input', 'gpt-4o'))).body.status).to.equal('ask');
    const output = await client.evaluate(key, body('output', 'gpt-4o'));
    expect(output.body.status).to.equal('allow');
    expect(output.body.findings).to.deep.equal([]);
    expect((await client.evaluate(key, body('output', 'legacy'))).body.status).to.equal('block');
  });

  it('a gate finding names the gate and the fields that matched, never their values', async () => {
    const key = await guarded({ gates: [{ name: 'no prod db', when: [{ field: 'tool.command', op: 'matches', value: 'psql .*prod' }], action: 'block' }] });
    const res = await ask(key, 'run it', { attributes: { 'tool.command': 'psql -h prod-db' } });
    expect(res.body.status).to.equal('block');
    expect(res.body.findings).to.deep.equal([
      { source: { kind: 'gate', plugin: 'gate', detector_name: 'no prod db' }, signal: { type: 'gate', confidence: 1 }, outcome: { action: 'block' }, evidence: { masked: 0, entities: ['tool.command'] } },
    ]);
  });

  it('gates run before detectors, and an enforced block gate spares the detectors', async () => {
    const key = await guarded({
      gates: [{ name: 'blocked app', when: [{ field: 'source.application', op: 'eq', value: 'legacy-app' }], action: 'block' }],
      rules: [keywordRule('project-x', 'monitor')],
    });
    const res = await ask(key, 'project-x', { attributes: { 'source.application': 'legacy-app' } });
    expect(res.body.status).to.equal('block');
    expect(actions(res.body.findings)).to.deep.equal(['blocked app:block']);
  });

  it('gate ops: eq, neq, in, not_in, matches and exists over body, collector and attribute fields', async () => {
    const gate = (name: string, field: string, op: string, value?: unknown) => ({ name, when: [{ field, op, ...(value === undefined ? {} : { value }) }], action: 'report' });
    const key = await guarded(
      {
        gates: [
          gate('eq protocol', 'protocol', 'eq', 'llm'),
          gate('neq direction', 'direction', 'neq', 'output'),
          gate('in consumer', 'consumer.id', 'in', ['app-1', 'app-2']),
          gate('not_in provider', 'model.provider', 'not_in', ['openai']),
          gate('matches model', 'model.name', 'matches', '^claude-'),
          gate('exists team', 'attributes.team', 'exists'),
          gate('no ticket', 'ticket', 'exists', false),
          gate('tag', 'consumer.tag', 'eq', 'beta'),
          gate('collector type', 'collector.type', 'eq', 'langchain'),
          gate('tool', 'tool.name', 'eq', 'search'),
        ],
      },
      'langchain',
    );
    const all = await client.evaluate(key, {
      protocol: 'llm',
      direction: 'input',
      consumer_id: 'app-2',
      payload: { input: 'hi' },
      attributes: { 'model.provider': 'anthropic', 'model.name': 'claude-sonnet', team: 'blue', 'consumer.tag': ['alpha', 'beta'], 'tool.name': 'mcp__web__search' },
    });
    expect(all.body.status).to.equal('report');
    expect(all.body.findings.map((f: Finding) => f.source.detector_name).sort()).to.deep.equal(
      ['collector type', 'eq protocol', 'exists team', 'in consumer', 'matches model', 'neq direction', 'no ticket', 'not_in provider', 'tag', 'tool'].sort(),
    );
    const none = await client.evaluate(key, {
      protocol: 'mcp',
      direction: 'output',
      consumer_id: 'app-3',
      payload: { input: 'hi' },
      attributes: { 'model.provider': 'openai', 'model.name': 'gpt-4o', ticket: 'T-1', consumer: { tag: ['gamma'] }, 'tool.name': 'fetch' },
    });
    expect(none.body.findings.map((f: Finding) => f.source.detector_name)).to.deep.equal(['collector type']);
  });

  it('model.name falls back to the model named in the payload', async () => {
    const key = await guarded({ gates: [{ name: 'mini only', when: [{ field: 'model.name', op: 'neq', value: 'gpt-4o-mini' }], action: 'block' }] });
    const body = (model: string) => ({ direction: 'input', payload: { model, messages: [{ role: 'user', content: 'hi' }] } });
    expect((await client.evaluate(key, body('gpt-4o-mini'))).body.status).to.equal('allow');
    expect((await client.evaluate(key, body('gpt-4o'))).body.status).to.equal('block');
  });

  it('observe mode caps the status at report while findings keep their configured action', async () => {
    const key = await guarded({
      mode: 'observe',
      gates: [{ name: 'ask always', when: [{ field: 'direction', op: 'eq', value: 'input' }], action: 'ask' }],
      rules: [{ ...keywordRule('omega', 'block'), name: 'omega' }, { ...maskRule(), name: 'mask' }],
    });
    const res = await ask(key, 'omega ana@example.com');
    expect(res.body.status).to.equal('report');
    expect(actions(res.body.findings)).to.deep.equal(['ask always:ask', 'mask:transform', 'omega:block']);
    expect(res.body).to.not.have.property('transformed_payload');
    const quiet = await client.evaluate(key, { direction: 'output', payload: { input: 'nothing here' } });
    expect(quiet.body.status).to.equal('allow');
  });

  it('switching a policy from observe to enforce applies its actions', async () => {
    const { collectorId, key } = await client.collectorWithKey();
    const policy = await client.policy({ collectors: [collectorId], mode: 'observe', rules: [keywordRule('omega')] });
    expect((await ask(key, 'omega')).body.status).to.equal('report');
    const patched = await client.admin('PATCH', `/v1/policies/${policy.id}`, { mode: 'enforce' });
    expect(patched.status).to.equal(200);
    expect((await ask(key, 'omega')).body.status).to.equal('block');
  });

  it('per-consumer overrides change the mode and disable detectors for that consumer only', async () => {
    const key = await guarded({
      rules: [{ ...keywordRule('omega', 'block'), name: 'omega' }, { ...maskRule(), name: 'mask' }],
      overrides: [
        { consumer_id: 'observer', mode: 'observe' },
        { consumer_id: 'no-dlp', disabled_detectors: ['data_loss_prevention'] },
      ],
    });
    const text = 'omega ana@example.com';
    const others = await ask(key, text, { consumer_id: 'someone' });
    expect(others.body.status).to.equal('block');
    const observer = await ask(key, text, { consumer_id: 'observer' });
    expect(observer.body.status).to.equal('report');
    expect(actions(observer.body.findings)).to.deep.equal(['mask:transform', 'omega:block']);
    const noDlp = await ask(key, 'mail ana@example.com', { consumer_id: 'no-dlp' });
    expect(noDlp.body.status).to.equal('allow');
    expect(noDlp.body.findings).to.deep.equal([]);
    const dlp = await ask(key, 'mail ana@example.com', { consumer_id: 'someone' });
    expect(dlp.body.status).to.equal('transform');
  });

  it('the highest-priority enabled policy guarding the collector applies', async () => {
    const { collectorId, key } = await client.collectorWithKey();
    await client.policy({ name: 'low', priority: 10, collectors: [collectorId], rules: [keywordRule('omega', 'block')] });
    const high = await client.policy({ name: 'high', priority: 500, collectors: [collectorId], rules: [keywordRule('omega', 'monitor')] });
    expect((await ask(key, 'omega')).body.status).to.equal('report');
    await client.admin('PATCH', `/v1/policies/${high.id}`, { enabled: false });
    expect((await ask(key, 'omega')).body.status).to.equal('block');
    await client.admin('PATCH', `/v1/policies/${high.id}`, { enabled: true, priority: 1 });
    expect((await ask(key, 'omega')).body.status).to.equal('block');
    await client.admin('DELETE', `/v1/policies/${high.id}`);
    expect((await ask(key, 'omega')).body.status).to.equal('block');
  });

  it('runs only the rules of the evaluation direction (input, output, both)', async () => {
    const key = await guarded({
      rules: [
        { ...keywordRule('inword', 'block', 'input'), name: 'in' },
        { ...keywordRule('outword', 'block', 'output'), name: 'out' },
        { ...keywordRule('anyword', 'monitor', 'both'), name: 'any' },
      ],
    });
    const input = await client.evaluate(key, { direction: 'input', payload: { input: 'inword outword anyword' } });
    expect(actions(input.body.findings)).to.deep.equal(['any:report', 'in:block']);
    const output = await client.evaluate(key, { direction: 'output', payload: { input: 'inword outword anyword' } });
    expect(actions(output.body.findings)).to.deep.equal(['any:report', 'out:block']);
  });

  it('a rule threshold above a hit\'s confidence keeps it from firing', async () => {
    const key = await guarded({ rules: [{ ...maskRule('input', 'block'), threshold: 0.99 }] });
    expect((await ask(key, 'ana@example.com')).body.status).to.equal('allow');
  });

  it('a detector that throws under a fail-closed policy answers 503 detector_failed with request_id', async () => {
    const key = await guarded({ rules: [{ detector: 'throwing_detector', direction: 'input', action: 'block' }] });
    const res = await ask(key, 'anything');
    expect(res.status).to.equal(503);
    expect(res.body.error).to.equal('detector_failed');
    expect(res.body.detector).to.equal('throwing_detector');
    expect(res.body.request_id).to.be.a('string');
    expect(res.body.trace_id).to.be.a('string');
  });

  it('a detector that throws under a fail-open policy is skipped and reported as detector_error', async () => {
    const key = await guarded({ fail_mode: 'open', rules: [{ detector: 'throwing_detector', direction: 'input', action: 'block' }, keywordRule('omega', 'monitor')] });
    const res = await ask(key, 'omega');
    expect(res.status).to.equal(200);
    expect(res.body.status).to.equal('report');
    expect(res.body.findings.map((f: Finding) => `${f.source.plugin}:${f.signal.type}`).sort()).to.deep.equal(['throwing_detector:detector_error', 'topic_keyword_moderation:keyword']);
  });
});

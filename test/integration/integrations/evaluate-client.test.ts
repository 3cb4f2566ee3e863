/**
 * The shared evaluate client (integrations/evaluate-client) against the real guardrail service:
 * each verdict comes back as the service gave it; a bad key, an inactive key, a refused body and
 * a detector failing closed (503) fail closed even when the caller chose fail_open; a service
 * that is gone is unreachable and follows the fallback.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { EvaluateClient, type EvaluateClientOptions, type EvaluateRequest, type EvaluateResult } from '../../../integrations/evaluate-client/src/index.js';
import { freePort } from '../../fixtures/network/free-port.js';
import { GuardrailClient, keywordRule, maskRule } from '../guardrail/support/guardrail-client.js';

const throwingDetector = fileURLToPath(new URL('../guardrail/support/throwing-detector', import.meta.url));

const input = (text: string): EvaluateRequest => ({ protocol: 'llm', direction: 'input', payload: { input: text }, consumer_id: 'app-1', session_id: 'conv-1' });

describe('integrations: the evaluate client against the real guardrail service', () => {
  let gateway: TestGateway;
  let admin: GuardrailClient;
  let key: string;
  let brokenKey: string;

  before(async () => {
    gateway = await createTestGateway({ planes: ['guardrail'], plugins: [throwingDetector] });
    admin = await GuardrailClient.for(gateway);
    const collector = await admin.collectorWithKey('typescript_sdk');
    key = collector.key;
    await admin.policy({
      collectors: [collector.collectorId],
      gates: [{ name: 'confirm deploys', when: [{ field: 'tool.name', op: 'eq', value: 'deploy' }], action: 'ask' }],
      rules: [keywordRule('project-x', 'block'), keywordRule('weather', 'monitor'), maskRule('input', 'transform')],
    });
    const broken = await admin.collectorWithKey('typescript_sdk', 'broken');
    brokenKey = broken.key;
    await admin.policy({ collectors: [broken.collectorId], rules: [{ detector: 'throwing_detector', direction: 'input', action: 'block' }] });
  });
  after(async () => gateway?.close());

  const client = (options: EvaluateClientOptions = {}) => new EvaluateClient({ apiBase: gateway.urls.guardrail, collectorKey: key, env: {}, ...options });
  const statusOf = (result: EvaluateResult) => (result.outcome === 'verdict' ? result.answer.status : result.outcome);

  it('returns each verdict the service gives: allow, report, transform (with its payload), ask, block', async () => {
    expect(statusOf(await client().evaluate(input('hello')))).to.equal('allow');
    expect(statusOf(await client().evaluate(input('the weather today')))).to.equal('report');
    const masked = await client().evaluate(input('mail ana@example.com'));
    expect(statusOf(masked)).to.equal('transform');
    if (masked.outcome === 'verdict') expect(JSON.stringify(masked.answer.transformed_payload)).to.not.contain('ana@example.com');
    expect(statusOf(await client().evaluate({ ...input('ship it'), attributes: { 'tool.name': 'deploy' } }))).to.equal('ask');
    const blocked = await client().evaluate(input('project-x plans'));
    expect(statusOf(blocked)).to.equal('block');
    if (blocked.outcome === 'verdict') expect(blocked.answer.trace_id).to.be.a('string');
  });

  it('reads the service URL and key from the environment when no option names them', async () => {
    const fromEnv = new EvaluateClient({ env: { PORTCULLIS_GUARDRAIL_URL: gateway.urls.guardrail, PORTCULLIS_API_KEY: key } });
    expect(statusOf(await fromEnv.evaluate(input('project-x')))).to.equal('block');
  });

  it('an invalid key (401) and an inactive key (403) fail closed even with fail_open', async () => {
    const invalid = await client({ collectorKey: 'tgk_not_a_real_key', unreachable: 'fail_open' }).evaluate(input('hello'));
    expect(invalid.outcome).to.equal('fail_closed');
    if (invalid.outcome !== 'verdict') expect(invalid.failure).to.include({ kind: 'unauthorized', status: 401, code: 'unauthorized' });
    const collector = await admin.collectorWithKey('typescript_sdk', 'inactive');
    await admin.admin('PATCH', `/v1/collectors/${collector.collectorId}/keys/${collector.keyId}`, { active: false });
    const inactive = await client({ collectorKey: collector.key, unreachable: 'fail_open' }).evaluate(input('hello'));
    expect(inactive.outcome).to.equal('fail_closed');
    if (inactive.outcome !== 'verdict') expect(inactive.failure).to.include({ kind: 'forbidden', status: 403 });
  });

  it('a body the service refuses (400) fails closed, naming the service\'s error', async () => {
    const refused = await client({ unreachable: 'fail_open' }).evaluate({ ...input('hello'), metadata: { a: 1 } } as EvaluateRequest);
    expect(refused.outcome).to.equal('fail_closed');
    if (refused.outcome !== 'verdict') {
      expect(refused.failure).to.include({ kind: 'refused', status: 400, code: 'unknown_field' });
      expect(refused.failure.message).to.contain('/metadata');
    }
  });

  it('a detector failing closed (503 detector_failed) fails closed even with fail_open', async () => {
    const result = await client({ collectorKey: brokenKey, unreachable: 'fail_open' }).evaluate(input('anything'));
    expect(result.outcome).to.equal('fail_closed');
    if (result.outcome !== 'verdict') expect(result.failure).to.include({ kind: 'refused', status: 503, code: 'detector_failed' });
  });

  it('a service that is not there is unreachable: fail_closed by default, fail_open when chosen', async () => {
    const gone = `http://127.0.0.1:${await freePort()}`;
    const closed = await client({ apiBase: gone, backoffMs: 10 }).evaluate(input('hello'));
    expect(closed.outcome).to.equal('fail_closed');
    const open = await client({ apiBase: gone, backoffMs: 10, unreachable: 'fail_open' }).evaluate(input('hello'));
    expect(open.outcome).to.equal('fail_open');
    if (open.outcome !== 'verdict') expect(open.failure.kind).to.equal('unreachable');
  });
});

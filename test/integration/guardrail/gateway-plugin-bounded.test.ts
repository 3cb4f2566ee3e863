/**
 * The gateway's `guardrails` plugin in fail-open mode cannot be bypassed by crashing the
 * evaluation: a 2 MB prompt of 130,000 e-mail addresses reaches the upstream masked (or not at
 * all when it also carries a blocked keyword), and a detector failure the service reports is
 * recorded in the gateway's own request record, not passed silently.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { GuardrailClient, keywordRule, maskRule } from './support/guardrail-client.js';
import { manyEmails } from './support/many-emails.js';

const throwingDetector = fileURLToPath(new URL('./support/throwing-detector', import.meta.url));

describe('guardrails gateway plugin: fail_open does not let a crashing input through', () => {
  let gateway: TestGateway;
  let upstream: FakeOpenAI;
  let guardrail: GuardrailClient;
  let gatewayId: string;
  let registryId: string;

  before(async () => {
    upstream = await startFakeOpenAI();
    gateway = await createTestGateway({ plugins: [throwingDetector] });
    guardrail = await GuardrailClient.for(gateway);
    gatewayId = (await gateway.seed.gateway()).id;
    registryId = (await gateway.seed.registry(gatewayId, { provider: 'openai', base_url: upstream.url, apiKey: 'sk-up', models: ['gpt-4o-mini'] }))._id;
  });
  after(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  /** A consumer guarded in fail-open mode by a collector whose policy has `policy` fields; returns a chat caller. */
  async function failOpenConsumer(policy: Record<string, unknown>) {
    const collector = await guardrail.collectorWithKey('portcullis');
    await guardrail.policy({ collectors: [collector.collectorId], ...policy });
    const slug = `app-${randomUUID().slice(0, 8)}`;
    const { consumer, key } = await gateway.seed.consumer(gatewayId, { slug, registries: [{ registry_id: registryId, weight: 1 }] });
    await gateway.seed.policy(gatewayId, { type: 'guardrails', settings: { key: collector.key, failure_mode: 'fail_open', directions: ['input'] } }, [consumer._id]);
    await gateway.configChanged();
    return (content: string) =>
      fetch(`${gateway.proxyUrl(slug)}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content }] }),
      });
  }

  it('a 2 MB prompt of 130,000 addresses reaches the upstream masked, never raw', async () => {
    const chat = await failOpenConsumer({ rules: [maskRule()] });
    upstream.enqueue({ kind: 'text', text: 'ok' });
    const before = upstream.requests.length;
    const res = await chat(`send to ${manyEmails(130_000)}`);
    expect(res.status, await res.clone().text().then((t) => t.slice(0, 300))).to.equal(200);
    expect(upstream.requests.length).to.equal(before + 1);
    const sent = JSON.stringify(upstream.requests[upstream.requests.length - 1].body);
    expect(sent).to.contain('send to');
    expect(sent).to.not.match(/u\d+@mail\.io/);
  });

  it('the same prompt with a blocked keyword is refused 403 and the upstream never sees it', async () => {
    const chat = await failOpenConsumer({ rules: [maskRule(), keywordRule('project-x', 'block')] });
    const before = upstream.requests.length;
    const res = await chat(`project-x ${manyEmails(130_000)}`);
    expect(res.status).to.equal(403);
    expect(upstream.requests.length).to.equal(before);
  });

  it('a detector failure the service reports under its fail-open policy is recorded as guardrail.detector_error in the request record', async () => {
    const chat = await failOpenConsumer({ fail_mode: 'open', rules: [{ detector: 'throwing_detector', direction: 'input', action: 'block' }] });
    upstream.enqueue({ kind: 'text', text: 'through' });
    const res = await chat('hello');
    expect(res.status).to.equal(200);
    const traceId = res.headers.get('x-ag-trace-id')!;
    await gateway.telemetry.flush();
    const token = await mintAdminToken(gateway.jwtSecret, { sub: 'ops', roles: ['platform_admin'] });
    const trace = await fetch(`${gateway.urls.admin}/v1/gateways/${gatewayId}/traces/${traceId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(trace.status).to.equal(200);
    const findings = ((await trace.json()) as { findings: Array<{ plugin: string; type: string; action: string }> }).findings;
    expect(findings).to.deep.include({ plugin: 'guardrails', type: 'guardrail.detector_error', action: 'report' });
  });
});

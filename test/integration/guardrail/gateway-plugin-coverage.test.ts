/**
 * A `guardrails` policy that would guard nothing says so when it is written: its create and
 * update answers carry a `warnings` entry when the collector of its key is listed by no enabled
 * guardrail policy (every evaluation would answer allow), when the key is inactive, or when it
 * is no key of this deployment. The policy is saved all the same (a guardrail policy may follow),
 * the warning names the collector and never the key, and it goes once a guardrail policy lists
 * the collector.
 */
import { expect } from 'chai';
import { AdminClient } from '../admin/helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from '../admin/helpers/admin-harness.js';
import { GuardrailClient, keywordRule } from './support/guardrail-client.js';

const ok = AdminClient.expectStatus;

describe('guardrails policy: a warning when it would guard nothing', () => {
  let h: AdminHarness;
  let guardrail: GuardrailClient;
  let g: string;
  let collector: { collectorId: string; keyId: string; key: string };
  let credentialId: string;

  before(async () => {
    h = await startAdminHarness();
    guardrail = await GuardrailClient.for(h.gateway, 'tenant-a');
    g = `/v1/gateways/${(await h.newGateway()).id}`;
    collector = await guardrail.collectorWithKey('portcullis', 'gateway');
    credentialId = ok(await h.tenantA.post(`${g}/vault-credentials`, { name: 'guardrail key', secret: collector.key }), 201).id;
  });
  after(async () => {
    await h?.close();
  });

  it('saves a policy whose collector no guardrail policy lists, with a guardrail_collector_unguarded warning naming the collector', async () => {
    const created = ok(await h.tenantA.post(`${g}/policies`, { name: 'guardrails', type: 'guardrails', settings: { key: { credential_id: credentialId } } }), 201);
    expect(created.warnings).to.have.length(1);
    expect(created.warnings[0].code).to.equal('guardrail_collector_unguarded');
    expect(created.warnings[0].message).to.contain(collector.collectorId).and.not.contain(collector.key);
    // Saved all the same, and the warning is never stored.
    const read = ok(await h.tenantA.get(`${g}/policies/${created.id}`), 200);
    expect(read.type).to.equal('guardrails');
    expect(read).to.not.have.property('warnings');
  });

  it('warns for an inline key and a disabled guardrail policy too, and not once an enabled one lists the collector', async () => {
    const inline = ok(await h.tenantA.post(`${g}/policies`, { name: 'inline', type: 'guardrails', settings: { key: collector.key } }), 201);
    expect(inline.warnings.map((w: { code: string }) => w.code)).to.deep.equal(['guardrail_collector_unguarded']);

    const disabled = await guardrail.policy({ name: 'off', enabled: false, collectors: [collector.collectorId], rules: [keywordRule('project-x')] });
    const stillWarned = ok(await h.tenantA.patch(`${g}/policies/${inline.id}`, { settings: { key: collector.key, failure_mode: 'fail_closed' } }), 200);
    expect(stillWarned.warnings.map((w: { code: string }) => w.code)).to.deep.equal(['guardrail_collector_unguarded']);

    ok(await guardrail.admin('PATCH', `/v1/policies/${disabled.id}`, { enabled: true }), 200);
    const guarded = ok(await h.tenantA.patch(`${g}/policies/${inline.id}`, { settings: { key: collector.key } }), 200);
    expect(guarded).to.not.have.property('warnings');
    const createdGuarded = ok(await h.tenantA.post(`${g}/policies`, { name: 'guarded', type: 'guardrails', settings: { key: { credential_id: credentialId } } }), 201);
    expect(createdGuarded).to.not.have.property('warnings');
  });

  it('warns when the key is inactive, or no collector key of this deployment', async () => {
    const other = await guardrail.collectorWithKey('portcullis', 'inactive');
    await guardrail.policy({ name: 'guards inactive', collectors: [other.collectorId], rules: [keywordRule('project-x')] });
    ok(await guardrail.admin('PATCH', `/v1/collectors/${other.collectorId}/keys/${other.keyId}`, { active: false }), 200);
    const inactive = ok(await h.tenantA.post(`${g}/policies`, { name: 'inactive key', type: 'guardrails', settings: { key: other.key } }), 201);
    expect(inactive.warnings.map((w: { code: string }) => w.code)).to.deep.equal(['guardrail_key_refused']);

    const unknownKey = 'tgk_notakeyofthisdeployment0000';
    const unknown = ok(await h.tenantA.post(`${g}/policies`, { name: 'unknown key', type: 'guardrails', settings: { key: unknownKey } }), 201);
    expect(unknown.warnings.map((w: { code: string }) => w.code)).to.deep.equal(['guardrail_key_unknown']);
    expect(unknown.warnings[0].message).to.not.contain(unknownKey);
  });

  it('adds no warnings to other policy types', async () => {
    const limits = ok(await h.tenantA.post(`${g}/policies`, { name: 'limits', type: 'rate_limiter', settings: { limits: [{ requests: 60, window: 'minute' }] } }), 201);
    expect(limits).to.not.have.property('warnings');
  });
});

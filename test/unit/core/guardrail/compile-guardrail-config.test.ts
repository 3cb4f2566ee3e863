import { expect } from 'chai';
import { compileGuardrailConfig } from '../../../../core/guardrail/config/compile-guardrail-config.js';
import { GUARDRAIL_COLLECTIONS, type GuardrailPolicyRecord } from '../../../../core/guardrail/config/records.js';
import { createPluginHost, type PluginHost } from '../../../../core/plugin/host.js';
import { EMPTY_CONFIG, type ConfigDocument } from '../../../../core/snapshot/config-document.js';

const at = (minute: number) => `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;

function policy(id: string, fields: Partial<GuardrailPolicyRecord>): GuardrailPolicyRecord {
  return {
    _id: id, tenant_id: 't-1', name: id, mode: 'enforce', enabled: true, collectors: ['c-1'], priority: 100, fail_mode: 'closed',
    gates: [], rules: [], overrides: [], created_at: at(0), updated_at: at(0), ...fields,
  };
}

function documentOf(policies: GuardrailPolicyRecord[], extra: Partial<Record<string, unknown[]>> = {}): ConfigDocument {
  return {
    ...EMPTY_CONFIG,
    revision: 3,
    extensions: {
      [GUARDRAIL_COLLECTIONS.collectors]: [{ _id: 'c-1', tenant_id: 't-1', name: 'one', type: 'rest_api', created_at: at(0), updated_at: at(0) }],
      [GUARDRAIL_COLLECTIONS.collectorKeys]: [
        { _id: 'k-1', tenant_id: 't-1', collector_id: 'c-1', name: 'k', key_hash: 'h1', key_prefix: 'tgk_', key_last4: 'abcd', active: true, expires_at: '2030-01-01T00:00:00Z', created_at: at(0), updated_at: at(0) },
        { _id: 'k-2', tenant_id: 't-1', collector_id: 'gone', name: 'k', key_hash: 'h2', key_prefix: 'tgk_', key_last4: 'abcd', active: true, created_at: at(0), updated_at: at(0) },
      ],
      [GUARDRAIL_COLLECTIONS.policies]: policies,
      ...extra,
    },
  };
}

describe('core/guardrail/config/compile-guardrail-config', () => {
  let host: PluginHost;
  before(async () => {
    host = await createPluginHost();
  });

  it('indexes keys by hash with their collector and expiry; keys of unknown collectors are dropped', () => {
    const config = compileGuardrailConfig(documentOf([]), { host });
    expect(config.revision).to.equal(3);
    expect(config.keysByHash.get('h1')!.collector.id).to.equal('c-1');
    expect(config.keysByHash.get('h1')!.expiresAt).to.equal(Date.parse('2030-01-01T00:00:00Z'));
    expect(config.keysByHash.has('h2')).to.equal(false);
    expect(config.collectors.get('c-1')!.policy).to.equal(undefined);
  });

  it('gives each collector its enabled policy of highest priority (ties: the oldest)', () => {
    const pick = (policies: GuardrailPolicyRecord[]) => compileGuardrailConfig(documentOf(policies), { host }).collectors.get('c-1')!.policy?.id;
    expect(pick([policy('low', { priority: 1 }), policy('high', { priority: 9 })])).to.equal('high');
    expect(pick([policy('high', { priority: 9, enabled: false }), policy('low', { priority: 1 })])).to.equal('low');
    expect(pick([policy('newer', { created_at: at(5) }), policy('older', { created_at: at(1) })])).to.equal('older');
    expect(pick([policy('other-tenant', { tenant_id: 't-2', priority: 999 }), policy('mine', {})])).to.equal('mine');
    expect(pick([policy('elsewhere', { collectors: ['c-9'] })])).to.equal(undefined);
  });

  it('creates detector instances with validated settings and the detector\'s default threshold', () => {
    const config = compileGuardrailConfig(
      documentOf([policy('p', { rules: [{ detector: 'topic_keyword_moderation', direction: 'input', action: 'block', settings: { keywords: ['x'] } }, { detector: 'data_loss_prevention', direction: 'both', action: 'transform', threshold: 0.8 }] })]),
      { host },
    );
    const [keyword, dlp] = config.collectors.get('c-1')!.policy!.rules;
    expect(keyword.instance).to.exist;
    expect(keyword.threshold).to.equal(host.detectors.get('topic_keyword_moderation')!.defaultThreshold);
    expect(keyword.settings).to.include({ case_sensitive: false });
    expect(dlp.threshold).to.equal(0.8);
    expect(dlp.name).to.equal('data_loss_prevention');
  });

  it('marks a rule broken, not the policy, when its detector is missing or its stored settings no longer validate', () => {
    const config = compileGuardrailConfig(
      documentOf([policy('p', { rules: [{ detector: 'gone_detector', direction: 'input', action: 'block' }, { detector: 'topic_keyword_moderation', direction: 'input', action: 'block', settings: { keywords: 'x' } }, { detector: 'toxicity', direction: 'input', action: 'monitor' }] })]),
      { host },
    );
    const rules = config.collectors.get('c-1')!.policy!.rules;
    expect(rules[0].broken).to.match(/not loaded/);
    expect(rules[1].broken).to.match(/\/rules\/1\/settings\/keywords/);
    expect(rules[2].broken).to.equal(undefined);
  });

  it('reuses detector instances across snapshots for the same settings', () => {
    const doc = documentOf([policy('p', { rules: [{ detector: 'toxicity', direction: 'input', action: 'block' }] })]);
    const a = compileGuardrailConfig(doc, { host }).collectors.get('c-1')!.policy!.rules[0].instance;
    const b = compileGuardrailConfig(doc, { host }).collectors.get('c-1')!.policy!.rules[0].instance;
    expect(a).to.equal(b);
  });
});

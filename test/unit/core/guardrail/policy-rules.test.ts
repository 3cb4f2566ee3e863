import { expect } from 'chai';
import { compileGuardrailConfig } from '../../../../core/guardrail/config/compile-guardrail-config.js';
import { GUARDRAIL_COLLECTIONS, type GuardrailPolicyRecord } from '../../../../core/guardrail/config/records.js';
import { rulesFor } from '../../../../core/guardrail/evaluation/policy-rules.js';
import { createPluginHost, type PluginHost } from '../../../../core/plugin/host.js';
import { EMPTY_CONFIG, type ConfigDocument } from '../../../../core/snapshot/config-document.js';

const at = '2026-01-01T00:00:00.000Z';

/** The compiled policy of a snapshot holding one policy of `rules` and `overrides` (collector c-1). */
function compiledPolicy(host: PluginHost, rules: GuardrailPolicyRecord['rules'], overrides: GuardrailPolicyRecord['overrides'] = []) {
  const record: GuardrailPolicyRecord = {
    _id: 'p', tenant_id: 't-1', name: 'p', mode: 'enforce', enabled: true, collectors: ['c-1'], priority: 100, fail_mode: 'closed',
    gates: [], rules, overrides, created_at: at, updated_at: at,
  };
  const document: ConfigDocument = {
    ...EMPTY_CONFIG,
    revision: 1,
    extensions: {
      [GUARDRAIL_COLLECTIONS.collectors]: [{ _id: 'c-1', tenant_id: 't-1', name: 'one', type: 'rest_api', created_at: at, updated_at: at }],
      [GUARDRAIL_COLLECTIONS.collectorKeys]: [],
      [GUARDRAIL_COLLECTIONS.policies]: [record],
    },
  };
  return compileGuardrailConfig(document, { host }).collectors.get('c-1')!.policy!;
}

const indexes = (rules: readonly { index: number }[]) => rules.map((r) => r.index);

describe('core/guardrail/evaluation/policy-rules', () => {
  let host: PluginHost;
  before(async () => {
    host = await createPluginHost();
  });

  const rules: GuardrailPolicyRecord['rules'] = [
    { detector: 'toxicity', direction: 'input', action: 'block' },
    { detector: 'data_loss_prevention', direction: 'output', action: 'transform' },
    { detector: 'url_analyzer', direction: 'both', action: 'monitor' },
  ];

  it('gives each direction its rules and `both` rules, in policy order, less the detectors an override disables', () => {
    const policy = compiledPolicy(host, rules, [{ consumer_id: 'app-1', disabled_detectors: ['url_analyzer'] }]);
    const override = policy.overrides.get('app-1');
    expect(indexes(rulesFor(policy, 'input'))).to.deep.equal([0, 2]);
    expect(indexes(rulesFor(policy, 'output'))).to.deep.equal([1, 2]);
    expect(indexes(rulesFor(policy, 'input', override))).to.deep.equal([0]);
    expect(indexes(rulesFor(policy, 'output', override))).to.deep.equal([1]);
  });

  it('resolves each list once per compiled policy: later evaluations of the snapshot get the same list', () => {
    const policy = compiledPolicy(host, rules, [{ consumer_id: 'app-1', disabled_detectors: ['toxicity'] }]);
    const override = policy.overrides.get('app-1');
    expect(rulesFor(policy, 'input')).to.equal(rulesFor(policy, 'input'));
    expect(rulesFor(policy, 'input', override)).to.equal(rulesFor(policy, 'input', override));
    expect(rulesFor(policy, 'input', override)).to.not.equal(rulesFor(policy, 'input'));
  });

  it('a config change (a new snapshot compiles a new policy) resolves the changed rules, and the old snapshot keeps its own', () => {
    const before = compiledPolicy(host, rules);
    expect(indexes(rulesFor(before, 'input'))).to.deep.equal([0, 2]);
    const after = compiledPolicy(host, [{ ...rules[0], direction: 'output' }, rules[1], rules[2]]);
    expect(indexes(rulesFor(after, 'input'))).to.deep.equal([2]);
    expect(indexes(rulesFor(after, 'output'))).to.deep.equal([0, 1, 2]);
    expect(indexes(rulesFor(before, 'input'))).to.deep.equal([0, 2]);
  });
});

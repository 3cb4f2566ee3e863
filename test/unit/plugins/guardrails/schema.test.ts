import { expect } from 'chai';
import guardrails from '../../../../plugins/guardrails/index.js';
import { createPluginHost, SettingsError, type PluginHost } from '../../../../core/plugin/host.js';
import { validatorFor } from '../../../../core/schema/ajv.js';

describe('plugins/guardrails settings schema', () => {
  let host: PluginHost;
  before(async () => {
    host = await createPluginHost();
  });

  it('is the guardrails plugin of the guardrail category, loaded by the host', () => {
    expect(guardrails).to.include({ kind: 'plugin', name: 'guardrails', category: 'guardrail', streamPolicy: 'window', failureMode: 'closed' });
    expect(host.plugins.get('guardrails')?.schemaId).to.equal(guardrails.schemaId);
  });

  it('its examples validate', () => {
    const validate = validatorFor(guardrails.schemaId);
    for (const example of (validate.schema as { examples: unknown[] }).examples) expect(validate(structuredClone(example)), JSON.stringify(validate.errors)).to.equal(true);
  });

  it('applies defaults: both directions, 3000 ms, fail closed, ask blocks, in process when co-located', () => {
    expect(host.validateSettings('guardrails', { key: 'tgk_abcdefghijkl' })).to.deep.equal({
      key: 'tgk_abcdefghijkl', directions: ['input', 'output'], timeout_ms: 3000, failure_mode: 'fail_closed', allow_ask: false, transport: 'auto', stream_window_chars: 200,
      stream_window_context_chars: 2000,
      scan_tool_descriptions: true,
    });
  });

  it('refuses bad settings naming the field', () => {
    expect(() => host.validateSettings('guardrails', {})).to.throw(SettingsError, /\/settings\/key is required/);
    expect(() => host.validateSettings('guardrails', { key: 'ag_notacollectorkey' })).to.throw(SettingsError, /\/settings\/key/);
    expect(() => host.validateSettings('guardrails', { key: { credential_id: 'x' } })).to.throw(SettingsError, /\/settings\/key/);
    expect(() => host.validateSettings('guardrails', { key: 'tgk_abcdefghijkl', failure_mode: 'maybe' })).to.throw(SettingsError, /\/settings\/failure_mode/);
    expect(() => host.validateSettings('guardrails', { key: 'tgk_abcdefghijkl', timeout_ms: 0 })).to.throw(SettingsError, /\/settings\/timeout_ms/);
    expect(() => host.validateSettings('guardrails', { key: 'tgk_abcdefghijkl', stream_window_context_chars: -1 })).to.throw(SettingsError, /\/settings\/stream_window_context_chars/);
    expect(() => host.validateSettings('guardrails', { key: 'tgk_abcdefghijkl', directions: [] })).to.throw(SettingsError, /\/settings\/directions/);
    expect(() => host.validateSettings('guardrails', { key: 'tgk_abcdefghijkl', service_url: 'ftp://x' })).to.throw(SettingsError, /\/settings\/service_url/);
    expect(() => host.validateSettings('guardrails', { key: 'tgk_abcdefghijkl', transport: 'pigeon' })).to.throw(SettingsError, /\/settings\/transport/);
    expect(() => host.validateSettings('guardrails', { key: 'tgk_abcdefghijkl', colour: 1 })).to.throw(SettingsError, /\/settings\/colour is not allowed/);
  });
});

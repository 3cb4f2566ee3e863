/** The agent guard's settings: spec 4.5's defaults, the environment fallbacks, and refusals at start. */
import { expect } from 'chai';
import { EvaluateClientConfigError } from '@portcullis/evaluate-client';
import { AgentGuard, resolveGuardSettings } from '../src/index.js';

const KEY = 'tgk_unit_key';
const base = { apiBase: 'http://127.0.0.1:9', collectorKey: KEY, env: {} };

describe('agent guard: settings', () => {
  it('defaults follow the spec table: input and output on, tool results and tool calls off, end, fail_closed, 5 s', () => {
    const { settings, client } = resolveGuardSettings(base);
    expect(settings).to.deep.include({ checkInput: true, checkOutput: true, checkToolResults: false, checkToolCalls: false, exitBehavior: 'end' });
    expect(client.settings).to.deep.include({ timeoutMs: 5000, unreachable: 'fail_closed' });
  });

  it('check_tool_results is skipped while check_input is on', () => {
    expect(resolveGuardSettings({ ...base, checkToolResults: true }).settings.checkToolResults).to.equal(false);
    expect(resolveGuardSettings({ ...base, checkToolResults: true, checkInput: false }).settings.checkToolResults).to.equal(true);
  });

  it('timeout is in seconds; unreachableFallback reaches the client', () => {
    const { client } = resolveGuardSettings({ ...base, timeout: 1.5, unreachableFallback: 'fail_open' });
    expect(client.settings).to.deep.include({ timeoutMs: 1500, unreachable: 'fail_open' });
  });

  it('api_base, api_key, collector_key and model_name fall back to the environment; options win', () => {
    const env = { PORTCULLIS_GUARDRAIL_URL: 'http://guard.example:8002', PORTCULLIS_API_KEY: 'tgk_from_env', PORTCULLIS_MODEL_NAME: 'env-model' };
    const fromEnv = resolveGuardSettings({ env });
    expect(fromEnv.client.settings.evaluateUrl).to.equal('http://guard.example:8002/v1/evaluate');
    expect(fromEnv.client.settings.authorization).to.equal('Bearer tgk_from_env');
    expect(fromEnv.settings.modelName).to.equal('env-model');
    const options = resolveGuardSettings({ env: { ...env, PORTCULLIS_COLLECTOR_KEY: 'tgk_collector_env' }, modelName: 'opt-model' });
    expect(options.client.settings.authorization).to.equal('Bearer tgk_collector_env');
    expect(options.settings.modelName).to.equal('opt-model');
  });

  it('a setting that cannot work is refused when the guard is made, never naming the key', () => {
    expect(() => new AgentGuard({ ...base, exitBehavior: 'stop' as 'end' })).to.throw(EvaluateClientConfigError, /exitBehavior/);
    expect(() => new AgentGuard({ ...base, timeout: 0 })).to.throw(EvaluateClientConfigError, /timeout/);
    expect(() => new AgentGuard({ ...base, payloadTools: [{ name: 'x' } as never] })).to.throw(EvaluateClientConfigError, /payloadTools/);
    expect(() => new AgentGuard({ collectorKey: KEY, env: {} })).to.throw(EvaluateClientConfigError, /URL/);
    const err = (() => {
      try {
        new AgentGuard({ ...base, collectorKey: 'sk-not-a-collector-key' });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err?.message).to.contain('tgk_').and.not.contain('sk-not-a-collector-key');
  });
});

/** The client's settings: options over the environment over the defaults, checked when the client is made. */
import { expect } from 'chai';
import { EvaluateClient, EvaluateClientConfigError, resolveSettings } from '../src/index.js';

const KEY = 'tgk_abcdefghijklmnopqrstuvwxyz012345';

describe('evaluate client: settings', () => {
  it('defaults: 5 s timeout, 2 retries, fail closed when unreachable', () => {
    const settings = resolveSettings({ apiBase: 'https://guardrails.example.com', collectorKey: KEY, env: {} });
    expect(settings).to.include({ evaluateUrl: 'https://guardrails.example.com/v1/evaluate', authorization: `Bearer ${KEY}`, timeoutMs: 5000, maxRetries: 2, unreachable: 'fail_closed' });
  });

  it('falls back to the environment: PORTCULLIS_GUARDRAIL_URL, PORTCULLIS_COLLECTOR_KEY, then PORTCULLIS_API_KEY', () => {
    const fromEnv = resolveSettings({ env: { PORTCULLIS_GUARDRAIL_URL: 'http://127.0.0.1:8002/', PORTCULLIS_API_KEY: 'tgk_api', PORTCULLIS_COLLECTOR_KEY: 'tgk_collector' } });
    expect(fromEnv.evaluateUrl).to.equal('http://127.0.0.1:8002/v1/evaluate');
    expect(fromEnv.authorization).to.equal('Bearer tgk_collector');
    expect(resolveSettings({ env: { PORTCULLIS_GUARDRAIL_URL: 'http://h', PORTCULLIS_API_KEY: 'tgk_api' } }).authorization).to.equal('Bearer tgk_api');
  });

  it('options win over the environment; collectorKey over apiKey; a base path is kept', () => {
    const env = { PORTCULLIS_GUARDRAIL_URL: 'http://env-host', PORTCULLIS_COLLECTOR_KEY: 'tgk_env' };
    const settings = resolveSettings({ apiBase: 'https://gw.example.com/guardrails/', apiKey: 'tgk_api', collectorKey: 'tgk_option', env });
    expect(settings.evaluateUrl).to.equal('https://gw.example.com/guardrails/v1/evaluate');
    expect(settings.authorization).to.equal('Bearer tgk_option');
    expect(resolveSettings({ apiKey: 'tgk_api', env }).authorization).to.equal('Bearer tgk_api');
  });

  it('refuses settings that cannot work, naming the setting and never the key', () => {
    const refused = (options: ConstructorParameters<typeof EvaluateClient>[0]) => {
      try {
        new EvaluateClient(options);
      } catch (err) {
        expect(err).to.be.instanceOf(EvaluateClientConfigError);
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused({ collectorKey: KEY, env: {} })).to.contain('PORTCULLIS_GUARDRAIL_URL');
    expect(refused({ apiBase: 'http://h', env: {} })).to.contain('PORTCULLIS_COLLECTOR_KEY');
    const notTgk = refused({ apiBase: 'http://h', collectorKey: 'sk-secret-value', env: {} });
    expect(notTgk).to.contain('tgk_');
    expect(notTgk).to.not.contain('sk-secret-value');
    expect(refused({ apiBase: 'ftp://h', collectorKey: KEY, env: {} })).to.contain('http');
    expect(refused({ apiBase: 'not a url', collectorKey: KEY, env: {} })).to.contain('URL');
    expect(refused({ apiBase: `http://user:${KEY}@h`, collectorKey: KEY, env: {} })).to.not.contain(KEY);
    expect(refused({ apiBase: 'http://h', collectorKey: KEY, timeoutMs: 0, env: {} })).to.contain('timeoutMs');
    expect(refused({ apiBase: 'http://h', collectorKey: KEY, maxRetries: -1, env: {} })).to.contain('maxRetries');
    expect(refused({ apiBase: 'http://h', collectorKey: KEY, unreachable: 'open' as never, env: {} })).to.contain('fail_open');
  });
});

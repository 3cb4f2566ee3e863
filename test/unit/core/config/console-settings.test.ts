/** The console's settings: public plane URLs and the console origin are checked at start. */
import { expect } from 'chai';
import { resolveSettings, SettingsInputError } from '../../../../core/config/settings.js';

describe('settings: console public URLs and origin', () => {
  it('reads the public URLs without a trailing slash, and the console origin', () => {
    const settings = resolveSettings({}, { PORTCULLIS_PUBLIC_GUARDRAIL_URL: 'https://guardrail.example/', PORTCULLIS_PUBLIC_PROXY_URL: 'https://llm.example/gw', PORTCULLIS_CONSOLE_ORIGIN: 'https://console.example' });
    expect(settings).to.include({ publicGuardrailUrl: 'https://guardrail.example', publicProxyUrl: 'https://llm.example/gw', consoleOrigin: 'https://console.example' });
  });

  it('leaves them unset by default (derived from each request)', () => {
    const settings = resolveSettings({}, {});
    expect([settings.publicGuardrailUrl, settings.publicProxyUrl, settings.consoleOrigin]).to.deep.equal([undefined, undefined, undefined]);
  });

  it('refuses a public URL that is not http(s), naming the setting', () => {
    expect(() => resolveSettings({ 'public-proxy-url': 'ftp://llm.example' }, {})).to.throw(SettingsInputError, /public proxy URL/);
    expect(() => resolveSettings({}, { PORTCULLIS_PUBLIC_GUARDRAIL_URL: 'not a url' })).to.throw(SettingsInputError, /public guardrail URL/);
  });

  it('refuses a console origin with a path', () => {
    expect(() => resolveSettings({ 'console-origin': 'https://console.example/console' }, {})).to.throw(SettingsInputError, /console origin must be an origin/);
  });
});

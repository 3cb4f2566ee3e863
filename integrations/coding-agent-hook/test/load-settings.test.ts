/**
 * Where the hook's settings come from (spec 4.5): the managed file's locks over the
 * environment, the environment over the user file, the user file only when owner-only, the
 * managed file's other keys as defaults; a source that cannot be used is reported, never fatal.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { DEFAULTS, settingsOfEnvironment, settingsOfFile } from '../src/config/hook-settings.js';
import { loadSettings, MANAGED_CONFIG_VARIABLE, systemManagedFile } from '../src/config/load-settings.js';

describe('coding-agent hook: loading the settings', () => {
  let home: string;
  let system: string;

  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'portcullis-hook-settings-'));
    system = join(home, 'system-managed.json');
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  function userFile(body: unknown, mode = 0o600): string {
    mkdirSync(join(home, '.config', 'portcullis'), { recursive: true });
    const file = join(home, '.config', 'portcullis', 'hook.json');
    writeFileSync(file, typeof body === 'string' ? body : JSON.stringify(body));
    chmodSync(file, mode);
    return file;
  }
  const load = (env: Record<string, string> = {}) => loadSettings({ env: { HOME: home, ...env }, systemManagedFile: system, platform: 'linux' });

  it('gives the defaults when nothing is configured', () => {
    const { settings, problem } = load();
    expect(problem).to.equal(undefined);
    expect(settings).to.deep.equal({ ...DEFAULTS, events: { ...DEFAULTS.events } });
    expect(settings).to.include({ fail_mode: 'closed', timeout_ms: 5000, transform_action: 'ask' });
  });

  it('the environment wins over the user file, key by key (events per event)', () => {
    userFile({ data_url: 'https://user.example', api_key: 'tgk_user', consumer_id: 'ana', events: { UserPromptSubmit: 'audit', PostToolUse: 'off' } });
    const { settings } = load({ PORTCULLIS_API_KEY: 'tgk_env', PORTCULLIS_EVENTS: 'PostToolUse=enforce' });
    expect(settings).to.include({ data_url: 'https://user.example', api_key: 'tgk_env', consumer_id: 'ana' });
    expect(settings.events).to.deep.equal({ UserPromptSubmit: 'audit', PreToolUse: 'enforce', PostToolUse: 'enforce' });
  });

  it('refuses a user file with any group or other permission bit, naming the file and chmod 600', () => {
    for (const mode of [0o644, 0o640, 0o604, 0o660]) {
      const file = userFile({ api_key: 'tgk_secret_value' }, mode);
      const { settings, problem } = load();
      expect(problem?.message, mode.toString(8)).to.contain(file).and.contain('600');
      expect(problem?.message).to.not.contain('tgk_secret_value');
      expect(settings.api_key).to.equal(undefined);
    }
    userFile({ api_key: 'tgk_ok' }, 0o400);
    expect(load().settings.api_key).to.equal('tgk_ok');
  });

  it('a refused user file does not stop the other sources: the fail mode still comes from the environment', () => {
    userFile({ fail_mode: 'closed' }, 0o644);
    const { settings, problem } = load({ PORTCULLIS_FAIL_MODE: 'open' });
    expect(problem).to.not.equal(undefined);
    expect(settings.fail_mode).to.equal('open');
  });

  it('the managed file locks api_key, data_url and fail_mode; its other keys are only defaults', () => {
    writeFileSync(system, JSON.stringify({ data_url: 'https://managed.example', api_key: 'tgk_managed', fail_mode: 'closed', transform_action: 'deny', timeout_ms: 3000 }));
    userFile({ data_url: 'https://user.example', api_key: 'tgk_user', fail_mode: 'open', transform_action: 'ask' });
    const { settings } = load({ PORTCULLIS_DATA_URL: 'https://env.example', PORTCULLIS_API_KEY: 'tgk_env', PORTCULLIS_FAIL_MODE: 'open', PORTCULLIS_TIMEOUT_MS: '2000' });
    expect(settings).to.include({ data_url: 'https://managed.example', api_key: 'tgk_managed', fail_mode: 'closed', transform_action: 'ask', timeout_ms: 2000 });
  });

  it(`${MANAGED_CONFIG_VARIABLE} adds a managed file but cannot loosen the system one`, () => {
    writeFileSync(system, JSON.stringify({ fail_mode: 'closed' }));
    const extra = join(home, 'extra.json');
    writeFileSync(extra, JSON.stringify({ fail_mode: 'open', data_url: 'https://extra.example' }));
    const { settings } = load({ [MANAGED_CONFIG_VARIABLE]: extra, PORTCULLIS_DATA_URL: 'https://env.example' });
    expect(settings).to.include({ fail_mode: 'closed', data_url: 'https://extra.example' });
    const missing = load({ [MANAGED_CONFIG_VARIABLE]: join(home, 'nope.json') });
    expect(missing.problem?.message).to.contain('nope.json');
  });

  it('reports a file that is not JSON, an unknown key and a bad value, naming the key and the source', () => {
    userFile('{"api_key": ');
    expect(load().problem?.message).to.contain('not valid JSON');
    const file = userFile({ apikey: 'tgk_x' });
    expect(load().problem?.message).to.contain('unknown key "apikey"');
    rmSync(file);
    expect(load({ PORTCULLIS_FAIL_MODE: 'maybe' }).problem?.message).to.contain('PORTCULLIS_FAIL_MODE').and.contain('open or closed');
  });

  it('checks each value: fail_mode, transform_action, timeout_ms bounds, events', () => {
    expect(() => settingsOfFile({ transform_action: 'redact' }, 'f')).to.throw('transform_action in f must be ask or deny');
    expect(() => settingsOfFile({ timeout_ms: 0 }, 'f')).to.throw('timeout_ms');
    expect(() => settingsOfFile({ timeout_ms: 60_000 }, 'f')).to.throw('from 1 to 50000');
    expect(() => settingsOfFile({ events: { Stop: 'audit' } }, 'f')).to.throw('unknown event');
    expect(() => settingsOfFile({ events: { PreToolUse: 'maybe' } }, 'f')).to.throw('enforce or audit or off');
    expect(() => settingsOfEnvironment({ PORTCULLIS_EVENTS: 'PreToolUse' })).to.throw('Event=mode');
    expect(settingsOfEnvironment({ PORTCULLIS_TIMEOUT_MS: '2500', PORTCULLIS_CONSUMER_ID: '  ', PORTCULLIS_EVENTS: 'UserPromptSubmit=audit, PreToolUse=off' })).to.deep.equal({
      timeout_ms: 2500,
      events: { UserPromptSubmit: 'audit', PreToolUse: 'off' },
    });
  });

  it('knows each platform\'s managed file', () => {
    expect(systemManagedFile('linux')).to.equal('/etc/portcullis/hook.json');
    expect(systemManagedFile('darwin')).to.equal('/Library/Application Support/Portcullis/hook.json');
  });
});

/**
 * `portcullis-hook install` and `uninstall` (integrations/coding-agent-hook) spawned on a temp
 * HOME: the Claude Code hook entries merged into `~/.claude/settings.json` without touching
 * anything else, idempotent, removed again by uninstall; and the entry as written runs the hook
 * the way the agent runs it (through a shell, `portcullis-hook` found on PATH).
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { GuardrailClient, keywordRule } from '../guardrail/support/guardrail-client.js';
import { HOOK_MAIN, spawnHook } from '../../../integrations/coding-agent-hook/test/support/spawn-hook.js';

/** Settings a user already has: other keys, another PreToolUse hook, a Stop hook. */
const EXISTING = {
  model: 'opus',
  permissions: { allow: ['Bash(npm test:*)'], deny: ['Read(./.env)'] },
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '/usr/local/bin/check-shell', timeout: 10 }] }],
    Stop: [{ hooks: [{ type: 'command', command: 'notify-send done' }] }],
  },
};

describe('integrations: portcullis-hook install and uninstall (Claude Code settings)', function () {
  // Each test spawns the command (a Node process) up to three times, on a machine shared with other suites.
  this.timeout(60_000);
  let home: string;
  let settingsFile: string;

  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'portcullis-hook-home-'));
    settingsFile = join(home, '.claude', 'settings.json');
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  const cli = (...args: string[]) => spawnHook({ args, home });
  const settings = () => JSON.parse(readFileSync(settingsFile, 'utf8'));
  function existing(body: unknown = EXISTING, mode = 0o644): void {
    mkdirSync(join(home, '.claude'), { recursive: true });
    writeFileSync(settingsFile, typeof body === 'string' ? body : JSON.stringify(body, null, 2));
    chmodSync(settingsFile, mode);
  }

  const ours = { type: 'command', command: 'portcullis-hook claude-code', timeout: 60 };

  it('writes the three hook entries into a new ~/.claude/settings.json', async () => {
    const run = await cli('install');
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.contain(settingsFile);
    expect(settings()).to.deep.equal({
      hooks: {
        UserPromptSubmit: [{ hooks: [ours] }],
        PreToolUse: [{ matcher: '*', hooks: [ours] }],
        PostToolUse: [{ matcher: '*', hooks: [ours] }],
      },
    });
  });

  it('merges with what is there, keeps the file mode, and a second install changes nothing', async () => {
    existing(EXISTING, 0o640);
    expect((await cli('install')).code).to.equal(0);
    const once = readFileSync(settingsFile, 'utf8');
    expect(settings()).to.deep.equal({
      ...EXISTING,
      hooks: {
        PreToolUse: [...EXISTING.hooks.PreToolUse, { matcher: '*', hooks: [ours] }],
        Stop: EXISTING.hooks.Stop,
        UserPromptSubmit: [{ hooks: [ours] }],
        PostToolUse: [{ matcher: '*', hooks: [ours] }],
      },
    });
    expect(statSync(settingsFile).mode & 0o777).to.equal(0o640);
    expect((await cli('install')).code).to.equal(0);
    expect(readFileSync(settingsFile, 'utf8')).to.equal(once);
  });

  it('uninstall removes only its own entries, leaving the settings as they were', async () => {
    existing();
    await cli('install');
    const run = await cli('uninstall');
    expect(run.code, run.stderr).to.equal(0);
    expect(settings()).to.deep.equal(EXISTING);
    const again = await cli('uninstall');
    expect(again.code).to.equal(0);
    expect(again.stdout).to.contain('no Claude Code hooks');
  });

  it('uninstall after an install on nothing leaves no hooks key', async () => {
    await cli('install');
    await cli('uninstall');
    expect(settings()).to.deep.equal({});
  });

  it('never overwrites a settings file that is not JSON', async () => {
    existing('{"model": "opus",, }');
    const run = await cli('install');
    expect(run.code).to.equal(1);
    expect(run.stderr).to.contain('not valid JSON').and.contain('nothing was changed');
    expect(readFileSync(settingsFile, 'utf8')).to.equal('{"model": "opus",, }');
  });

  it('refuses a --command that does not run portcullis-hook (uninstall could not find it)', async () => {
    const run = await cli('install', '--command', 'node hook.js');
    expect(run.code).to.equal(1);
    expect(run.stderr).to.contain('must run portcullis-hook');
  });

  describe('the entry as written, run as the agent runs it', () => {
    let gateway: TestGateway;
    let key: string;

    before(async () => {
      gateway = await createTestGateway({ planes: ['guardrail'] });
      const admin = await GuardrailClient.for(gateway);
      const collector = await admin.collectorWithKey('claude_code');
      key = collector.key;
      await admin.policy({ collectors: [collector.collectorId], rules: [keywordRule('project-x', 'block', 'input')] });
    });
    after(async () => gateway?.close());

    it('the installed PreToolUse command, found on PATH, denies a blocked tool call', async () => {
      // A `portcullis-hook` on PATH that runs this checkout's source, as the installed bin would.
      const bin = join(home, 'bin');
      mkdirSync(bin);
      writeFileSync(join(bin, 'portcullis-hook'), `#!/bin/sh\nexec "${process.execPath}" --import tsx "${HOOK_MAIN}" "$@"\n`, { mode: 0o755 });
      await cli('install');
      const command: string = settings().hooks.PreToolUse.at(-1).hooks[0].command;
      const event = { session_id: 's-1', cwd: home, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'cat project-x.md' }, tool_use_id: 'toolu_1' };
      const out = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
        const child = spawn('/bin/sh', ['-c', command], {
          cwd: new URL('../../../', import.meta.url),
          env: { PATH: `${bin}:${process.env.PATH}`, HOME: home, PORTCULLIS_DATA_URL: gateway.urls.guardrail!, PORTCULLIS_API_KEY: key },
        });
        let stdout = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout }));
        child.stdin.end(JSON.stringify(event));
      });
      expect(out.code).to.equal(0);
      expect(JSON.parse(out.stdout).hookSpecificOutput).to.include({ hookEventName: 'PreToolUse', permissionDecision: 'deny' });
    });
  });
});

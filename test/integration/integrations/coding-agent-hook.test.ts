/**
 * The coding-agent hook command (integrations/coding-agent-hook, spec 4.5 "Coding-agent
 * plugins") spawned as Claude Code runs it: a recorded hook payload on stdin, the decision JSON
 * on stdout, against a real guardrail service with a `claude_code` collector. Proves every
 * verdict mapping, audit-only prompts, fail open and closed, the `mcp__<server>__<tool>` tool
 * name, the config precedence (environment over the user file, the managed file's locks) and the
 * user file's mode check.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { freePort } from '../../fixtures/network/free-port.js';
import { GuardrailClient, keywordRule, maskRule } from '../guardrail/support/guardrail-client.js';
import { spawnHook, type HookRun } from '../../../integrations/coding-agent-hook/test/support/spawn-hook.js';

const FIXTURES = new URL('../../../integrations/coding-agent-hook/test/fixtures/claude-code/', import.meta.url);
const recorded = (name: string): Record<string, any> => JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8'));

let sessionCount = 0;
/** A recorded payload with its own session id (so Activity finds this run's evaluation) and `changes` applied. */
function payload(name: 'user-prompt-submit' | 'pre-tool-use-bash' | 'pre-tool-use-mcp' | 'post-tool-use', changes: Record<string, unknown> = {}) {
  return { ...recorded(name), session_id: `hook-session-${++sessionCount}`, ...changes };
}

const decisionOf = (run: HookRun) => run.output?.hookSpecificOutput?.permissionDecision;

describe('integrations: the coding-agent hook command (Claude Code) against the real guardrail service', function () {
  // Each test spawns the command (a Node process) up to four times, on a machine shared with other suites.
  this.timeout(60_000);
  let gateway: TestGateway;
  let admin: GuardrailClient;
  let key: string;
  let home: string;
  let gone: string;

  before(async () => {
    gateway = await createTestGateway({ planes: ['guardrail'] });
    admin = await GuardrailClient.for(gateway);
    const collector = await admin.collectorWithKey('claude_code');
    key = collector.key;
    await admin.policy({
      collectors: [collector.collectorId],
      gates: [
        // Matches only the bare tool name: proves mcp__ops__deploy_service is sent as deploy_service.
        { name: 'confirm deploys', when: [{ field: 'tool.name', op: 'eq', value: 'deploy_service' }], action: 'ask' },
        { name: 'no mallory', when: [{ field: 'consumer.id', op: 'eq', value: 'mallory' }], action: 'block' },
        // Matches only when the plugin's attributes and the whole payload under `claude_code` are sent.
        {
          name: 'plan mode is read-only',
          when: [
            { field: 'source.application', op: 'eq', value: 'claude_code' },
            { field: 'collector.type', op: 'eq', value: 'claude_code' },
            { field: 'claude_code.permission_mode', op: 'eq', value: 'plan' },
            { field: 'claude_code.tool_use_id', op: 'exists' },
          ],
          action: 'block',
        },
      ],
      rules: [keywordRule('project-x', 'block', 'both'), keywordRule('launch-codes', 'block', 'output'), keywordRule('weather', 'monitor', 'input'), maskRule('both', 'transform')],
    });
    gone = `http://127.0.0.1:${await freePort()}`;
  });
  after(async () => gateway?.close());

  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'portcullis-hook-'));
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  /** The connection settings in the environment, as most tests use them. */
  const connected = (extra: Record<string, string> = {}) => ({ PORTCULLIS_DATA_URL: gateway.urls.guardrail!, PORTCULLIS_API_KEY: key, ...extra });
  const hook = (input: unknown, env: Record<string, string> = connected()) => spawnHook({ args: ['claude-code'], input, env, home });

  /** Writes the user file under the temp HOME with `mode`. */
  function userFile(config: Record<string, unknown>, mode = 0o600): string {
    const dir = join(home, '.config', 'portcullis');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'hook.json');
    writeFileSync(file, JSON.stringify(config));
    chmodSync(file, mode);
    return file;
  }

  /** Writes a managed file and returns the environment naming it. */
  function managedFile(config: Record<string, unknown>): Record<string, string> {
    const file = join(home, 'managed-hook.json');
    writeFileSync(file, JSON.stringify(config));
    return { PORTCULLIS_HOOK_MANAGED_CONFIG: file };
  }

  async function activityOf(sessionId: string) {
    await gateway.telemetry.flush();
    const res = await admin.admin('GET', `/v1/activity?session_id=${sessionId}`);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.items as Array<Record<string, any>>;
  }

  describe('UserPromptSubmit', () => {
    it('lets a clean prompt through: exit 0, nothing on stdout', async () => {
      const run = await hook(payload('user-prompt-submit'));
      expect(run.code, run.stderr).to.equal(0);
      expect(run.stdout).to.equal('');
    });

    it('blocks a prompt the policy blocks with decision "block" and a reason naming the detector, not the text', async () => {
      const run = await hook(payload('user-prompt-submit', { prompt: 'what are the project-x launch dates?' }));
      expect(run.code, run.stderr).to.equal(0);
      expect(run.output).to.include({ decision: 'block' });
      expect(run.output?.reason).to.contain('topic_keyword_moderation').and.not.contain('project-x');
    });

    it('audit-only prompts are evaluated and recorded but never blocked', async () => {
      const input = payload('user-prompt-submit', { prompt: 'what are the project-x launch dates?' });
      const run = await hook(input, connected({ PORTCULLIS_EVENTS: 'UserPromptSubmit=audit' }));
      expect(run.code, run.stderr).to.equal(0);
      expect(run.stdout).to.equal('');
      const records = await activityOf(input.session_id);
      expect(records.map((r) => r.status)).to.deep.equal(['block']);
      expect(records[0]).to.include({ collector_type: 'claude_code', direction: 'input' });
    });

    it('an ask at prompt submit submits with a warning when a user is there, and blocks with no user', async () => {
      const transformed = payload('user-prompt-submit', { prompt: 'mail the report to ana@example.com' });
      const withUser = await hook(transformed);
      expect(withUser.output?.decision).to.equal(undefined);
      expect(withUser.output?.systemMessage).to.contain('transform');
      const unattended = await hook(transformed, connected({ CI: 'true' }));
      expect(unattended.output).to.include({ decision: 'block' });
    });

    it('an event set to off is not evaluated at all', async () => {
      const input = payload('user-prompt-submit', { prompt: 'project-x' });
      const run = await hook(input, connected({ PORTCULLIS_EVENTS: 'UserPromptSubmit=off' }));
      expect(run.stdout).to.equal('');
      expect(await activityOf(input.session_id)).to.deep.equal([]);
    });
  });

  describe('PreToolUse', () => {
    it('allow and report leave the decision to the agent (no output, so its own permission rules still apply)', async () => {
      const allowed = await hook(payload('pre-tool-use-bash'));
      expect(allowed.code, allowed.stderr).to.equal(0);
      expect(allowed.stdout).to.equal('');
      const reported = payload('pre-tool-use-bash', { tool_input: { command: 'curl wttr.in/weather' } });
      expect((await hook(reported)).stdout).to.equal('');
      expect((await activityOf(reported.session_id)).map((r) => r.status)).to.deep.equal(['report']);
    });

    it('block denies the tool call with permissionDecision "deny" and a reason', async () => {
      const run = await hook(payload('pre-tool-use-bash', { tool_input: { command: 'cat docs/project-x.md' } }));
      expect(run.output?.hookSpecificOutput).to.include({ hookEventName: 'PreToolUse', permissionDecision: 'deny' });
      expect(run.output?.hookSpecificOutput.permissionDecisionReason).to.contain('topic_keyword_moderation');
    });

    it('maps mcp__<server>__<tool> to tool.name <tool>: the deploy gate asks, shown as the approval prompt', async () => {
      const run = await hook(payload('pre-tool-use-mcp'));
      expect(run.output?.hookSpecificOutput).to.include({ hookEventName: 'PreToolUse', permissionDecision: 'ask' });
      expect(run.output?.hookSpecificOutput.permissionDecisionReason).to.contain('confirm deploys');
    });

    it('an ask is denied when no user is present (CI, a cloud session, or PORTCULLIS_UNATTENDED)', async () => {
      const markers: Array<Record<string, string>> = [{ CI: 'true' }, { CLAUDE_CODE_REMOTE: 'true' }, { PORTCULLIS_UNATTENDED: '1' }];
      for (const unattended of markers) {
        const run = await hook(payload('pre-tool-use-mcp'), connected(unattended));
        expect(decisionOf(run), JSON.stringify(unattended)).to.equal('deny');
        expect(run.output?.hookSpecificOutput.permissionDecisionReason).to.contain('no user');
      }
      const notCi = await hook(payload('pre-tool-use-mcp'), connected({ CI: 'false' }));
      expect(decisionOf(notCi)).to.equal('ask');
    });

    it('transform is asked by default (the hook cannot redact) and denied with transform_action deny', async () => {
      const input = payload('pre-tool-use-bash', { tool_input: { command: 'git commit --author "Ana <ana@example.com>"' } });
      expect(decisionOf(await hook(input))).to.equal('ask');
      expect(decisionOf(await hook(input, connected({ PORTCULLIS_TRANSFORM_ACTION: 'deny' })))).to.equal('deny');
    });

    it('sends the whole hook payload under claude_code with source.application and collector.type', async () => {
      const run = await hook(payload('pre-tool-use-bash', { permission_mode: 'plan' }));
      expect(decisionOf(run)).to.equal('deny');
      expect(run.output?.hookSpecificOutput.permissionDecisionReason).to.contain('plan mode is read-only');
    });

    it('sends consumer_id when it is set', async () => {
      expect((await hook(payload('pre-tool-use-bash'), connected({ PORTCULLIS_CONSUMER_ID: 'mallory' }))).output?.hookSpecificOutput?.permissionDecision).to.equal('deny');
      expect((await hook(payload('pre-tool-use-bash'), connected({ PORTCULLIS_CONSUMER_ID: 'ana' }))).stdout).to.equal('');
    });
  });

  describe('PostToolUse', () => {
    it('evaluates the tool result as output: a blocked result gets decision "block"', async () => {
      const leaked = (tool: Record<string, unknown>) => payload('post-tool-use', tool);
      const run = await hook(leaked({ tool_response: { type: 'text', file: { filePath: '/Users/ana/shop/notes.md', content: 'the launch-codes are 0000' } } }));
      expect(run.output).to.include({ decision: 'block' });
      expect(run.output?.reason).to.contain('topic_keyword_moderation');
      // The same text as a tool's input is not output: the output-only rule does not fire.
      expect((await hook(payload('pre-tool-use-bash', { tool_input: { command: 'echo launch-codes' } }))).stdout).to.equal('');
    });

    it('a transform of a result that already came back flags it (an ask cannot be shown after the call), or blocks it with deny or no user', async () => {
      // The service never answers ask on output (an Ask gate does not match there): transform is the verdict that becomes an ask.
      const fetched = payload('post-tool-use', { tool_name: 'WebFetch', tool_input: { url: 'https://example.com/team', prompt: 'who to contact' }, tool_response: 'Contact ana@example.com' });
      const flagged = await hook(fetched);
      expect(flagged.output).to.not.have.property('decision');
      expect(flagged.output?.systemMessage).to.contain('flagged');
      expect(flagged.output?.hookSpecificOutput).to.include({ hookEventName: 'PostToolUse' });
      expect(flagged.output?.hookSpecificOutput.additionalContext).to.contain('data_loss_prevention');
      expect((await hook(fetched, connected({ PORTCULLIS_TRANSFORM_ACTION: 'deny' }))).output).to.include({ decision: 'block' });
      expect((await hook(fetched, connected({ CI: '1' }))).output).to.include({ decision: 'block' });
    });

    it('lets a clean result through', async () => {
      const run = await hook(payload('post-tool-use'));
      expect(run.code, run.stderr).to.equal(0);
      expect(run.stdout).to.equal('');
    });
  });

  describe('an unreachable service', () => {
    it('fail_mode closed (the default) denies the tool call and blocks the prompt', async () => {
      const env = { PORTCULLIS_DATA_URL: gone, PORTCULLIS_API_KEY: key };
      const tool = await hook(payload('pre-tool-use-bash'), env);
      expect(decisionOf(tool)).to.equal('deny');
      expect(tool.output?.hookSpecificOutput.permissionDecisionReason).to.contain('unreachable');
      expect((await hook(payload('user-prompt-submit'), env)).output).to.include({ decision: 'block' });
    });

    it('fail_mode open lets it continue uninspected, with a warning for the user', async () => {
      const run = await hook(payload('pre-tool-use-bash'), { PORTCULLIS_DATA_URL: gone, PORTCULLIS_API_KEY: key, PORTCULLIS_FAIL_MODE: 'open' });
      expect(run.code, run.stderr).to.equal(0);
      expect(decisionOf(run)).to.equal(undefined);
      expect(run.output?.systemMessage).to.contain('uninspected');
    });
  });

  describe('configuration', () => {
    it('reads the user file (mode 600) under HOME', async () => {
      userFile({ data_url: gateway.urls.guardrail, api_key: key });
      expect(decisionOf(await hook(payload('pre-tool-use-mcp'), {}))).to.equal('ask');
    });

    it('the environment wins over the user file', async () => {
      userFile({ data_url: gone, api_key: 'tgk_not_the_key', fail_mode: 'closed', transform_action: 'deny' });
      const input = payload('pre-tool-use-bash', { tool_input: { command: 'mail ana@example.com' } });
      const run = await hook(input, connected({ PORTCULLIS_TRANSFORM_ACTION: 'ask' }));
      expect(decisionOf(run), run.stderr).to.equal('ask');
    });

    it('refuses a user file other users can read, says so on stderr, and applies the fail mode', async () => {
      const file = userFile({ data_url: gateway.urls.guardrail, api_key: key }, 0o644);
      const closed = await hook(payload('pre-tool-use-bash'), {});
      expect(closed.stderr).to.contain(file).and.contain('600');
      expect(closed.stderr).to.not.contain(key);
      expect(decisionOf(closed)).to.equal('deny');
      const open = await hook(payload('pre-tool-use-bash'), { PORTCULLIS_FAIL_MODE: 'open' });
      expect(decisionOf(open)).to.equal(undefined);
      expect(open.stderr).to.contain('600');
    });

    it('the managed file locks data_url, api_key and fail_mode against the environment and the user file', async () => {
      userFile({ data_url: gone, api_key: 'tgk_user_key', fail_mode: 'open' });
      const locked = managedFile({ data_url: gateway.urls.guardrail, api_key: key, fail_mode: 'closed' });
      const env = { ...locked, PORTCULLIS_DATA_URL: gone, PORTCULLIS_API_KEY: 'tgk_env_key', PORTCULLIS_FAIL_MODE: 'open' };
      // The managed URL and key are used: the deploy gate answers.
      expect(decisionOf(await hook(payload('pre-tool-use-mcp'), env))).to.equal('ask');
    });

    it('a managed fail_mode closed holds when the managed service is unreachable, whatever the environment says', async () => {
      const env = { ...managedFile({ data_url: gone, api_key: key, fail_mode: 'closed' }), PORTCULLIS_FAIL_MODE: 'open', PORTCULLIS_DATA_URL: gateway.urls.guardrail! };
      expect(decisionOf(await hook(payload('pre-tool-use-bash'), env))).to.equal('deny');
    });

    it('keys the managed file does not lock still come from the environment', async () => {
      const env = { ...managedFile({ data_url: gateway.urls.guardrail, api_key: key }), PORTCULLIS_TRANSFORM_ACTION: 'deny' };
      const input = payload('pre-tool-use-bash', { tool_input: { command: 'mail ana@example.com' } });
      expect(decisionOf(await hook(input, env))).to.equal('deny');
    });

    it('stdin that is not a hook event exits 2 (the agent blocks) when closed, 0 when open', async () => {
      const closed = await hook('{"prompt": "no event name"');
      expect(closed.code).to.equal(2);
      expect(closed.stderr).to.contain('not a JSON hook event');
      const open = await hook('{"prompt": "no event name"', connected({ PORTCULLIS_FAIL_MODE: 'open' }));
      expect(open.code).to.equal(0);
      expect(open.stdout).to.equal('');
    });

    it('an event it does not handle gets no answer and no evaluation', async () => {
      const run = await hook({ session_id: 'hook-stop', hook_event_name: 'Stop', stop_hook_active: false });
      expect(run.code).to.equal(0);
      expect(run.stdout).to.equal('');
      expect(await activityOf('hook-stop')).to.deep.equal([]);
    });

    it('a missing key is a configuration error on stderr and the fail mode applies', async () => {
      const run = await hook(payload('pre-tool-use-bash'), { PORTCULLIS_DATA_URL: gateway.urls.guardrail! });
      expect(run.stderr).to.contain('api_key');
      expect(decisionOf(run)).to.equal('deny');
    });
  });
});

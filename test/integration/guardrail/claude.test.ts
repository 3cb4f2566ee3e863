/**
 * POST /v1/evaluate/claude (spec 4.4): a Claude hook event in, allow or deny out. Block denies;
 * Ask, Transform, Report and Allow all allow. A deny carries Claude's hook output fields.
 */
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { GuardrailClient, keywordRule, maskRule } from './support/guardrail-client.js';

describe('guardrail evaluate/claude: allow or deny', () => {
  let gateway: TestGateway;
  let client: GuardrailClient;
  let key: string;

  before(async () => {
    gateway = await createTestGateway({ planes: ['guardrail'] });
    client = await GuardrailClient.for(gateway);
    const collector = await client.collectorWithKey('claude');
    key = collector.key;
    await client.policy({
      collectors: [collector.collectorId],
      gates: [
        { name: 'no credentials', when: [{ field: 'tool.command', op: 'matches', value: '\\.aws/credentials' }], action: 'block' },
        { name: 'confirm deploys', when: [{ field: 'tool.name', op: 'eq', value: 'deploy' }], action: 'ask' },
      ],
      rules: [keywordRule('project-x', 'block'), maskRule('input', 'transform')],
    });
  });
  after(async () => gateway?.close());

  const claude = (body: Record<string, unknown>, withKey = key) => client.evaluate(withKey, body, '/v1/evaluate/claude');

  it('allows a clean prompt', async () => {
    const res = await claude({ hook_event_name: 'UserPromptSubmit', session_id: 's1', prompt: 'Refactor the parser', cwd: '/repo', transcript_path: '/tmp/t.jsonl' });
    expect(res.status).to.equal(200);
    expect(res.body).to.have.keys('verdict', 'trace_id', 'request_id');
    expect(res.body.verdict).to.equal('allow');
  });

  it('denies a blocked prompt with Claude\'s prompt hook output', async () => {
    const res = await claude({ hook_event_name: 'UserPromptSubmit', session_id: 's1', prompt: 'Summarise project-x' });
    expect(res.body).to.include({ verdict: 'deny', decision: 'block' });
    expect(res.body.reason).to.contain('topic_keyword_moderation');
    expect(res.body.reason).to.not.contain('Summarise');
  });

  it('denies a tool call a gate blocks, with the PreToolUse permission decision', async () => {
    const res = await claude({ hook_event_name: 'PreToolUse', session_id: 's1', tool_name: 'Bash', tool_input: { command: 'cat ~/.aws/credentials' } });
    expect(res.body.verdict).to.equal('deny');
    expect(res.body.hookSpecificOutput).to.deep.equal({ hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: res.body.reason });
    expect(res.body.reason).to.contain('no credentials');
  });

  it('treats Ask as allow (and a transform, which it cannot apply, as allow)', async () => {
    const asked = await claude({ hook_event_name: 'PreToolUse', tool_name: 'mcp__ops__deploy', tool_input: { env: 'staging' } });
    expect(asked.body.verdict).to.equal('allow');
    const masked = await claude({ hook_event_name: 'UserPromptSubmit', prompt: 'my email is ana@example.com' });
    expect(masked.body.verdict).to.equal('allow');
    await gateway.telemetry.flush();
    const recorded = await client.admin('GET', `/v1/activity?trace_id=${asked.body.trace_id}`);
    expect(recorded.body.items[0]).to.include({ status: 'ask', endpoint: 'evaluate/claude', protocol: 'mcp' });
  });

  it('inspects what a tool returned (PostToolUse)', async () => {
    const res = await claude({ hook_event_name: 'PostToolUse', tool_name: 'Read', tool_input: { file_path: 'notes.md' }, tool_response: { content: 'status of project-x: red' } });
    expect(res.body).to.include({ verdict: 'deny', decision: 'block' });
  });

  it('refuses events it cannot evaluate (400) and bad keys (401)', async () => {
    expect((await claude({ hook_event_name: 'SessionStart' })).status).to.equal(400);
    const noPrompt = await claude({ hook_event_name: 'UserPromptSubmit' });
    expect(noPrompt.status).to.equal(400);
    expect(noPrompt.body.message).to.contain('/prompt');
    expect((await claude({ hook_event_name: 'PreToolUse', tool_input: {} })).status).to.equal(400);
    const unauthorized = await claude({ hook_event_name: 'UserPromptSubmit', prompt: 'x' }, 'tgk_nope_nope_nope');
    expect(unauthorized.status).to.equal(401);
    expect(unauthorized.body.request_id).to.be.a('string');
  });
});

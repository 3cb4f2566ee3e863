/**
 * The evaluate body of each Claude Code hook event (spec 4.5): direction, `{input}` payload,
 * the plugin's attributes with the whole payload, the MCP tool name, `consumer_id` only when set.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { evaluateRequestOf, toolNameOf } from '../src/claude-code/evaluate-request.js';
import type { ClaudeHookInput } from '../src/claude-code/hook-protocol.js';
import { readHookInput, HookInputError } from '../src/claude-code/hook-protocol.js';
import { textOf } from '../src/text-of.js';

const recorded = (name: string) => readHookInput(readFileSync(new URL(`./fixtures/claude-code/${name}.json`, import.meta.url), 'utf8')) as ClaudeHookInput;

describe('coding-agent hook: the evaluate body of a Claude Code event', () => {
  it('a prompt: input direction, the prompt as the payload, the payload under claude_code', () => {
    const event = recorded('user-prompt-submit');
    expect(evaluateRequestOf(event, {})).to.deep.equal({
      protocol: 'llm',
      direction: 'input',
      payload: { input: 'Add a retry to the checkout client' },
      session_id: event.session_id,
      attributes: { 'source.application': 'claude_code', 'collector.type': 'claude_code', claude_code: event },
    });
  });

  it('a tool call: tool.name, tool.command for a shell command, its arguments as text', () => {
    const body = evaluateRequestOf(recorded('pre-tool-use-bash'), { consumer_id: 'ana@example.com' });
    expect(body).to.include({ protocol: 'llm', direction: 'input', consumer_id: 'ana@example.com' });
    expect(body.payload).to.deep.equal({ input: 'command: npm test -- checkout\ndescription: Run the checkout tests' });
    expect(body.attributes).to.include({ 'tool.name': 'Bash', 'tool.command': 'npm test -- checkout' });
  });

  it('an MCP tool: protocol mcp and tool.name the final segment of mcp__<server>__<tool>', () => {
    const body = evaluateRequestOf(recorded('pre-tool-use-mcp'), {});
    expect(body).to.include({ protocol: 'mcp' });
    expect(body.attributes!['tool.name']).to.equal('deploy_service');
    expect(toolNameOf('mcp__github__search__issues')).to.equal('search__issues');
    expect(toolNameOf('mcp__broken')).to.equal('mcp__broken');
    expect(toolNameOf('Read')).to.equal('Read');
  });

  it('a tool result: output direction, the result as the payload, no consumer_id when none is set', () => {
    const body = evaluateRequestOf(recorded('post-tool-use'), {});
    expect(body.direction).to.equal('output');
    expect(body.payload.input).to.contain('content: export const checkoutClient');
    expect(body).to.not.have.property('consumer_id');
  });

  it('flattens a deeply nested result without recursion (no stack overflow)', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 200_000; i++) deep = { a: deep };
    expect(() => textOf(deep)).to.not.throw();
    expect(textOf({ list: ['x', 1, true, null], s: 'y' })).to.equal('x\n1\ntrue\ns: y');
  });

  it('refuses stdin that is not a hook event; ignores events it does not handle', () => {
    expect(() => readHookInput('not json')).to.throw(HookInputError);
    expect(() => readHookInput('{"prompt": "x"}')).to.throw('hook_event_name');
    expect(() => readHookInput('{"hook_event_name": "PreToolUse"}')).to.throw('tool_name');
    expect(readHookInput('{"hook_event_name": "Stop"}')).to.equal(undefined);
  });
});

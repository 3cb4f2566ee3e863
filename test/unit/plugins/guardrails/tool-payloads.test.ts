/**
 * Tool traffic as evaluate payloads: every string of a call's arguments and of a result (text
 * items, text resources, structured content) is a slot a masked payload is written back through,
 * nothing else changes; declarations read title, description and schema descriptions; input
 * nested past the inspected depth is refused without touching the call stack, and the policy's
 * failure mode decides what happens to the call.
 */
import { expect } from 'chai';
import { logger } from '../../../../core/logging/logger.js';
import type { McpToolCall, McpToolEntry } from '../../../../core/mcp/toolkit-types.js';
import { compileChain } from '../../../../core/pipeline/chain.js';
import { ClientAbort } from '../../../../core/pipeline/client-signal.js';
import type { Exchange } from '../../../../core/pipeline/exchange.js';
import { recordTaps } from '../../../../core/plugin/tap-recorder.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import { fakeKit } from '../../../../core/testing/fake-kit.js';
import plugin from '../../../../plugins/guardrails/index.js';
import type { GuardrailsSettings } from '../../../../plugins/guardrails/settings.js';
import { applySlots, UnappliablePayload } from '../../../../plugins/guardrails/text-slots.js';
import { declarationText, MAX_INSPECTED_DEPTH, stringLeaves, toolCallPayload, toolResultPayload } from '../../../../plugins/guardrails/tool-payloads.js';

const entry = (definition: Record<string, unknown> = {}): McpToolEntry =>
  ({ name: 'github__search_issues', upstreamName: 'search_issues', registry: { id: 'r', slug: 'github' }, definition: { name: 'github__search_issues', ...definition } }) as unknown as McpToolEntry;

/** `[[[ ... 'x' ... ]]]` nested `depth` levels, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** The payload with every string upper-cased, as a masking service would rewrite strings in place. */
const shout = (payload: unknown): unknown => JSON.parse(JSON.stringify(payload), (_key, value) => (typeof value === 'string' && value !== 'toolu_gateway' && value !== 'search_issues' && !['assistant', 'user', 'tool_use', 'tool_result', 'text'].includes(value) ? value.toUpperCase() : value));

describe('guardrails: tool traffic payloads', () => {
  it('lists every string of the arguments with its path, keys and other values left out', () => {
    expect(stringLeaves({ q: 'a', n: 2, tags: ['b', { deep: 'c' }], none: null })).to.deep.equal([
      { path: ['q'], text: 'a' },
      { path: ['tags', 0], text: 'b' },
      { path: ['tags', 1, 'deep'], text: 'c' },
    ]);
  });

  it('writes a masked call payload back into a copy of the arguments, nothing else changed', () => {
    const call: McpToolCall = { tool: entry(), arguments: { q: 'secret', n: 2, tags: ['x', { deep: 'y' }] } };
    const payload = toolCallPayload(call);
    expect(payload.body).to.deep.equal({ messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_gateway', name: 'search_issues', input: call.arguments }] }] });
    const masked = applySlots(call.arguments as Record<string, unknown>, shout(payload.body), payload.slots, payload.invariants);
    expect(masked).to.deep.equal({ q: 'SECRET', n: 2, tags: ['X', { deep: 'Y' }] });
    expect(call.arguments).to.deep.equal({ q: 'secret', n: 2, tags: ['x', { deep: 'y' }] });
  });

  it('refuses a transformed call payload that renamed the tool', () => {
    const call: McpToolCall = { tool: entry(), arguments: { q: 'a' } };
    const payload = toolCallPayload(call);
    const renamed = structuredClone(payload.body) as { messages: Array<{ content: Array<{ name: string }> }> };
    renamed.messages[0]!.content[0]!.name = 'other';
    expect(() => applySlots(call.arguments as Record<string, unknown>, renamed, payload.slots, payload.invariants)).to.throw(UnappliablePayload);
  });

  it('reads a result\'s text items, text resources and structured content, and writes masks back only there', () => {
    const result = {
      content: [
        { type: 'text', text: 'one' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'file:///a', text: 'two' } },
        { type: 'resource', resource: { uri: 'file:///b', blob: 'AAAA' } },
      ],
      structuredContent: { a: 'three', n: 1 },
      isError: false,
    };
    const payload = toolResultPayload(result);
    expect(payload.body).to.deep.equal({
      messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_gateway', content: ['one', 'two', 'three'].map((text) => ({ type: 'text', text })) }] }],
    });
    const masked = applySlots(result, shout(payload.body), payload.slots, payload.invariants);
    expect(masked).to.deep.equal({ ...result, content: [{ type: 'text', text: 'ONE' }, result.content[1], { type: 'resource', resource: { uri: 'file:///a', text: 'TWO' } }, result.content[3]], structuredContent: { a: 'THREE', n: 1 } });
  });

  it('reads a declaration\'s title, description and the descriptions inside its input schema', () => {
    const text = declarationText(entry({
      title: 'Search', description: 'Finds issues.',
      inputSchema: { type: 'object', description: 'Arguments', properties: { q: { type: 'string', description: 'Words' }, f: { type: 'array', items: { description: 'A filter' } } } },
    }));
    expect(text.split('\n').sort()).to.deep.equal(['A filter', 'Arguments', 'Finds issues.', 'Search', 'Words']);
    expect(declarationText(entry({ inputSchema: { type: 'object' } }))).to.equal('');
  });

  it(`refuses arguments nested deeper than ${MAX_INSPECTED_DEPTH} levels without overflowing the stack`, () => {
    expect(() => stringLeaves(nested(MAX_INSPECTED_DEPTH))).to.not.throw();
    expect(() => stringLeaves(nested(200_000))).to.throw(UnappliablePayload, /nested deeper/);
    expect(() => toolResultPayload({ content: [], structuredContent: { a: nested(200_000) } })).to.throw(UnappliablePayload);
  });

  describe('an uninspectable call through the plugin, by failure mode', () => {
    const exchange = () => ({ traceId: 't', operation: 'mcp', incoming: { headers: {} }, consumer: { id: 'c', tags: [] }, attempts: [], findings: [], signal: new ClientAbort() }) as unknown as Exchange;
    async function transformToolCall(failureMode: 'fail_open' | 'fail_closed') {
      const settings = { key: 'tgk_abcdefghijkl', failure_mode: failureMode };
      expect(validatorFor(plugin.schemaId)(settings)).to.equal(true);
      const kit = fakeKit(settings as unknown as GuardrailsSettings);
      const { hooks, taps } = recordTaps(plugin.name, plugin.stages);
      await plugin.setup(hooks, kit);
      return compileChain([{ plugin: plugin.name, priority: 0, parallel: false, failureMode: 'closed', taps }], logger).transformToolCall;
    }
    const deep: McpToolCall = { tool: entry(), arguments: { q: nested(100_000) } };

    it('fail_closed: the policy fails closed', async () => {
      const hook = await transformToolCall('fail_closed');
      const failure = await hook.promise(deep, exchange()).catch((err: { code?: string }) => err);
      expect((failure as { code?: string }).code).to.equal('plugin_failed');
    });

    it('fail_open: the call goes on uninspected, reported', async () => {
      const hook = await transformToolCall('fail_open');
      const ctx = exchange();
      expect(await hook.promise(deep, ctx)).to.equal(deep);
      expect(ctx.findings.map((f) => f.type)).to.deep.equal(['guardrail.unavailable']);
    });
  });
});

import { expect } from 'chai';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../../../../core/logging/logger.js';
import { toolEntries } from '../../../../core/mcp/toolkit/tool-entries.js';
import { compileAllowList } from '../../../../core/mcp/toolkit/tool-allow-list.js';
import type { RegistryView } from '../../../../core/snapshot/views.js';

function registry(slug: string, options: Record<string, unknown> = {}): RegistryView {
  return { id: `${slug}-id`, slug, gatewayId: 'g', type: 'MCP', providerId: 'mcp', baseUrl: 'http://127.0.0.1:1/mcp', options, models: [], capabilities: new Set(), record: {} as never };
}

function recordingLog(): Logger & { warnings: Array<Record<string, unknown>> } {
  const warnings: Array<Record<string, unknown>> = [];
  return { warnings, warn: (_m: string, meta: Record<string, unknown>) => warnings.push(meta), info() {}, error() {}, debug() {}, child() { return this; } } as never;
}

describe('mcp toolkit: tool entries', () => {
  it('names tools {slug}__{tool} after aliases, sorted, definitions unchanged except name', () => {
    const tools: Tool[] = [
      { name: 'zeta', inputSchema: { type: 'object' }, annotations: { destructiveHint: true } },
      { name: 'get.thing', description: 'd', inputSchema: { type: 'object' } },
      { name: 'long-name', inputSchema: { type: 'object' } },
    ];
    const entries = toolEntries(registry('srv', { tool_aliases: { 'long-name': 'short' } }), tools, recordingLog());
    expect(entries.map((e) => [e.name, e.upstreamName])).to.deep.equal([['srv__get_thing', 'get.thing'], ['srv__short', 'long-name'], ['srv__zeta', 'zeta']]);
    expect(entries[2].definition).to.deep.equal({ name: 'srv__zeta', inputSchema: { type: 'object' }, annotations: { destructiveHint: true } });
  });

  it('leaves out a colliding or over-long name and logs it once', () => {
    const log = recordingLog();
    const tools: Tool[] = [
      { name: 'a.b', inputSchema: { type: 'object' } },
      { name: 'a_b', inputSchema: { type: 'object' } },
      { name: 'x'.repeat(70), inputSchema: { type: 'object' } },
    ];
    const view = registry('srv2');
    expect(toolEntries(view, tools, log).map((e) => e.upstreamName)).to.deep.equal(['a.b']);
    toolEntries(view, [...tools], log);
    expect(log.warnings.map((w) => w.tool)).to.deep.equal(['a_b', 'x'.repeat(70)]);
    expect(log.warnings[0]).to.include({ merged_name: 'srv2__a_b', taken_by: 'a.b' });
  });

  it('memoises the entries per registry view and server list', () => {
    const view = registry('srv3');
    const tools: Tool[] = [{ name: 't', inputSchema: { type: 'object' } }];
    expect(toolEntries(view, tools, recordingLog())).to.equal(toolEntries(view, tools, recordingLog()));
  });
});

describe('mcp toolkit: allow-list', () => {
  it('matches exact merged names and prefix* patterns; no list allows everything', () => {
    const allow = compileAllowList(['github__search_issues', 'jira__*'])!;
    expect(['github__search_issues', 'github__search_issues2', 'jira__x', 'jira_x', 'other__jira__x'].map(allow)).to.deep.equal([true, false, true, false, false]);
    expect(compileAllowList(undefined)).to.equal(undefined);
    expect(compileAllowList([])!('anything')).to.equal(false);
  });
});

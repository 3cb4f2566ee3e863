/**
 * tool_injection through its compiled chain, as the proxy runs `transformInput` on a chat
 * request: the registries' tools appended under merged names with their descriptions and input
 * schemas, the client's own declaration kept, the `tools` filter, an unreachable or slow
 * registry left out with a finding (and not retried at once), other operations untouched.
 */
import { expect } from 'chai';
import type { CanonicalRequest } from '../../../../core/canonical/index.js';
import { logger } from '../../../../core/logging/logger.js';
import type { McpToolEntry, McpToolService } from '../../../../core/mcp/toolkit-types.js';
import { compileChain } from '../../../../core/pipeline/chain.js';
import type { Exchange } from '../../../../core/pipeline/exchange.js';
import { recordTaps } from '../../../../core/plugin/tap-recorder.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import { fakeKit } from '../../../../core/testing/fake-kit.js';
import plugin from '../../../../plugins/tool-injection/index.js';
import type { ToolInjectionSettings } from '../../../../plugins/tool-injection/settings.js';

const entry = (registrySlug: string, tool: string, definition: Record<string, unknown>): McpToolEntry =>
  Object.freeze({ name: `${registrySlug}__${tool}`, upstreamName: tool, registry: { id: `id-${registrySlug}`, slug: registrySlug } as never, definition: Object.freeze({ ...definition, name: `${registrySlug}__${tool}` }) });

const GITHUB = Object.freeze([
  entry('github', 'search_issues', { description: 'Search issues', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } }),
  entry('github', 'create_issue', { inputSchema: { type: 'object', properties: { title: { type: 'string' } } } }),
]);
const JIRA = Object.freeze([entry('jira', 'get_issue', { description: 'One ticket', inputSchema: { type: 'object', properties: { key: { type: 'string' } } } })]);

/** A tool service over fixed lists; `down` registries reject, `slow` ones never answer. Counts lookups. */
function toolService(options: { down?: string[]; slow?: string[] } = {}): McpToolService & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    toolsOf(registry) {
      asked.push(registry);
      if (options.down?.includes(registry)) return Promise.reject(new Error(`connect ECONNREFUSED for ${registry}`));
      if (options.slow?.includes(registry)) return new Promise(() => undefined);
      if (registry === 'github') return Promise.resolve(GITHUB);
      if (registry === 'jira') return Promise.resolve(JIRA);
      return Promise.reject(new Error(`no registry ${registry} in this gateway`));
    },
  };
}

const request = (tools: CanonicalRequest['tools'] = undefined): CanonicalRequest => ({
  model: 'gpt-4o-mini', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], sampling: {}, stream: false, ...(tools ? { tools } : {}),
});

const exchange = (operation = 'chat') => ({ traceId: 'trace', operation, incoming: { headers: {} }, consumer: { id: 'c-1', tags: [] }, findings: [] }) as unknown as Exchange;

async function chainOf(raw: Record<string, unknown>, mcpTools: McpToolService, clock = { t: 0 }) {
  const settings = structuredClone(raw);
  expect(validatorFor(plugin.schemaId)(settings)).to.equal(true);
  const kit = fakeKit(settings as unknown as ToolInjectionSettings, { mcpTools, now: () => clock.t });
  const { hooks, taps } = recordTaps(plugin.name, plugin.stages);
  await plugin.setup(hooks, kit);
  const chain = compileChain([{ plugin: plugin.name, priority: 0, parallel: false, failureMode: plugin.failureMode ?? 'closed', taps }], logger);
  return (body: CanonicalRequest, ctx = exchange()) => chain.transformInput.promise(body, ctx);
}

describe('tool_injection: transformInput', () => {
  it("appends the registries' tools after the client's own: merged names, descriptions, input schemas as parameters", async () => {
    const inject = await chainOf({ registries: ['github', 'jira'] }, toolService());
    const own = { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } };
    const out = await inject(request([own]));
    expect(out.tools).to.deep.equal([
      own,
      { name: 'github__search_issues', description: 'Search issues', parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
      { name: 'github__create_issue', parameters: { type: 'object', properties: { title: { type: 'string' } } } },
      { name: 'jira__get_issue', description: 'One ticket', parameters: { type: 'object', properties: { key: { type: 'string' } } } },
    ]);
  });

  it("keeps the client's declaration of a tool with the same name", async () => {
    const inject = await chainOf({ registries: ['github'] }, toolService());
    const clients = { name: 'github__search_issues', description: 'the client version', parameters: { type: 'object', properties: {} } };
    const out = await inject(request([clients]));
    expect(out.tools!.filter((t) => t.name === 'github__search_issues')).to.deep.equal([clients]);
    expect(out.tools!.map((t) => t.name)).to.deep.equal(['github__search_issues', 'github__create_issue']);
  });

  it('adds only the tools the `tools` patterns match', async () => {
    const inject = await chainOf({ registries: ['github', 'jira'], tools: ['github__search_*', 'jira__get_issue'] }, toolService());
    expect((await inject(request())).tools!.map((t) => t.name)).to.deep.equal(['github__search_issues', 'jira__get_issue']);
  });

  it('sends the request on without an unreachable registry, reports it, and does not ask it again at once', async () => {
    const service = toolService({ down: ['jira'] });
    const clock = { t: 1_000 };
    const inject = await chainOf({ registries: ['github', 'jira'], retry_after_ms: 10_000 }, service, clock);
    const ctx = exchange();
    expect((await inject(request(), ctx)).tools!.map((t) => t.name)).to.deep.equal(['github__search_issues', 'github__create_issue']);
    expect(ctx.findings).to.deep.equal([{ plugin: 'tool_injection', policyId: 'test-policy', type: 'tool_injection.registry_unavailable', action: 'report', detail: { registry: 'jira' } }]);
    await inject(request(), exchange());
    expect(service.asked.filter((r) => r === 'jira')).to.have.length(1);
    clock.t += 10_000;
    await inject(request(), exchange());
    expect(service.asked.filter((r) => r === 'jira')).to.have.length(2);
  });

  it('waits at most timeout_ms for a registry whose list is not there yet', async () => {
    const inject = await chainOf({ registries: ['github', 'jira'], timeout_ms: 50 }, toolService({ slow: ['jira'] }));
    const ctx = exchange();
    const out = await inject(request(), ctx);
    expect(out.tools!.map((t) => t.name)).to.deep.equal(['github__search_issues', 'github__create_issue']);
    expect(ctx.findings.map((f) => f.detail)).to.deep.equal([{ registry: 'jira' }]);
  });

  it('leaves requests of other operations alone', async () => {
    const service = toolService();
    const inject = await chainOf({ registries: ['github'] }, service);
    const body = request();
    expect(await inject(body, exchange('embeddings'))).to.equal(body);
    expect(service.asked).to.deep.equal([]);
  });

  it('taps no MCP hook', () => {
    expect(plugin.stages).to.deep.equal(['transformInput']);
  });
});

import { expect } from 'chai';
import { StreamAssembler, type CanonicalRequest, type CanonicalResponse } from '../../../../core/canonical/index.js';
import type { Exchange } from '../../../../core/pipeline/exchange.js';
import { fakeKit } from '../../../../core/testing/fake-kit.js';
import { admitTools, stripTools } from '../../../../plugins/tool-governance/declared-tools.js';
import { compileToolPolicy } from '../../../../plugins/tool-governance/name-matcher.js';
import { checkCalls, stripCalls } from '../../../../plugins/tool-governance/response-tools.js';
import type { ToolGovernanceSettings } from '../../../../plugins/tool-governance/settings.js';
import { guardStream } from '../../../../plugins/tool-governance/stream-guard.js';

const settings = (fields: Partial<ToolGovernanceSettings>): ToolGovernanceSettings => ({ deny: [], declared_action: 'block', response_action: 'block', ...fields });
const tool = (name: string) => ({ name, parameters: { type: 'object', properties: {} } });
const request = (names: string[], extra: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  model: 'm',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'go' }] }],
  tools: names.map(tool),
  sampling: {},
  stream: false,
  ...extra,
});
const exchange = (req?: CanonicalRequest) => ({ request: req, findings: [] }) as unknown as Exchange;
const response = (calls: string[], finish: CanonicalResponse['finish_reason'] = 'tool_calls'): CanonicalResponse => ({
  id: 'r',
  model: 'm',
  created: 0,
  finish_reason: finish,
  content: [{ type: 'text', text: 'ok' }, ...calls.map((name, i) => ({ type: 'tool_call' as const, id: `c${i}`, name, arguments: '{}' }))],
});

describe('tool_governance: names', () => {
  it('matches exact names and * patterns; deny wins; an allow list excludes the rest', () => {
    const allowed = compileToolPolicy({ allow: ['search_*', 'get.weather'], deny: ['search_secrets'] });
    expect(allowed('search_web')).to.equal(true);
    expect(allowed('search_secrets')).to.equal(false);
    expect(allowed('get.weather')).to.equal(true);
    expect(allowed('getXweather')).to.equal(false);
    expect(allowed('shell')).to.equal(false);
    const open = compileToolPolicy({ deny: ['*shell*'] });
    expect(open('run_shell_cmd')).to.equal(false);
    expect(open('anything')).to.equal(true);
  });
});

describe('tool_governance: declared tools', () => {
  it('refuses a denied tool (403) and more than max_tools (400)', () => {
    const kit = fakeKit(settings({ deny: ['shell'], max_tools: 2 }));
    const allowed = compileToolPolicy(kit.config());
    expect(admitTools(kit, allowed, exchange(request(['a', 'b'])))).to.equal(undefined);
    expect(admitTools(kit, allowed, exchange(request(['a', 'shell'])))!.error.status).to.equal(403);
    const cap = admitTools(kit, allowed, exchange(request(['a', 'b', 'c'])));
    expect(cap!.error.status).to.equal(400);
    expect(cap!.error.param).to.equal('tools');
  });

  it('strips denied tools with a finding, dropping a tool_choice that named one', () => {
    const kit = fakeKit(settings({ deny: ['shell'], declared_action: 'strip' }));
    const allowed = compileToolPolicy(kit.config());
    const ctx = exchange();
    expect(admitTools(kit, allowed, exchange(request(['shell'])))).to.equal(undefined);
    const out = stripTools(kit, allowed, request(['shell', 'calc'], { tool_choice: { type: 'tool', name: 'shell' } }), ctx)!;
    expect(out.tools!.map((t) => t.name)).to.deep.equal(['calc']);
    expect(out.tool_choice).to.equal(undefined);
    expect(ctx.findings).to.deep.equal([{ plugin: 'tool_governance', policyId: 'test-policy', type: 'tools_stripped', action: 'transform', detail: { tools: ['shell'] } }]);
    const kept = stripTools(kit, allowed, request(['shell', 'calc'], { tool_choice: { type: 'required' } }), exchange())!;
    expect(kept.tool_choice).to.deep.equal({ type: 'required' });
    const none = stripTools(kit, allowed, request(['shell'], { tool_choice: { type: 'required' }, parallel_tool_calls: true }), exchange())!;
    expect([none.tools, none.tool_choice, none.parallel_tool_calls]).to.deep.equal([undefined, undefined, undefined]);
    expect(stripTools(kit, allowed, request(['calc']), exchange())).to.equal(undefined);
  });
});

describe('tool_governance: tool calls in answers', () => {
  it('blocks with a block finding naming the tool', () => {
    const kit = fakeKit(settings({ deny: ['shell'] }));
    const ctx = exchange();
    checkCalls(kit, compileToolPolicy(kit.config()), response(['calc', 'shell']), ctx);
    expect(ctx.findings).to.have.length(1);
    expect(ctx.findings[0]).to.deep.include({ type: 'tool_call_blocked', action: 'block' });
    expect(ctx.findings[0].detail!.reason).to.contain('shell');
    expect(stripCalls(kit, compileToolPolicy(kit.config()), response(['shell']), ctx)).to.equal(undefined);
  });

  it('strips denied calls with a finding; an answer left without calls finishes as stop', () => {
    const kit = fakeKit(settings({ deny: ['shell'], response_action: 'strip' }));
    const allowed = compileToolPolicy(kit.config());
    const ctx = exchange();
    const some = stripCalls(kit, allowed, response(['calc', 'shell']), ctx)!;
    expect(some.content.map((p) => p.type)).to.deep.equal(['text', 'tool_call']);
    expect(some.finish_reason).to.equal('tool_calls');
    const none = stripCalls(kit, allowed, response(['shell']), ctx)!;
    expect(none.content.map((p) => p.type)).to.deep.equal(['text']);
    expect(none.finish_reason).to.equal('stop');
    expect(ctx.findings.map((f) => f.type)).to.deep.equal(['tool_calls_stripped', 'tool_calls_stripped']);
    checkCalls(kit, allowed, response(['shell']), ctx);
    expect(ctx.findings).to.have.length(2);
  });
});

describe('tool_governance: streams', () => {
  it('stops at the first call to a denied tool, and only then, checking each call once', () => {
    const state = {};
    const allowed = compileToolPolicy({ deny: ['shell'] });
    const assembler = new StreamAssembler();
    assembler.push({ type: 'start', id: 'r', model: 'm' });
    assembler.push({ type: 'text_delta', index: 0, text: 'working' });
    expect(guardStream(assembler, allowed, state)).to.equal(undefined);
    assembler.push({ type: 'tool_call_start', index: 1, id: 'c1', name: 'calc' });
    expect(guardStream(assembler, allowed, state)).to.equal(undefined);
    expect(state).to.deep.equal({ checkedCalls: 1 });
    assembler.push({ type: 'tool_call_start', index: 2, id: 'c2', name: 'shell' });
    expect(guardStream(assembler, allowed, state)).to.contain('the model called shell');
  });
});

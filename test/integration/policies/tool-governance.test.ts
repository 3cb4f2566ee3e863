/**
 * tool_governance through a running gateway: declared tools refused (deny and allow lists, the
 * cap) before the upstream or stripped from the request; tool calls in answers blocked or
 * stripped with a finding; a streamed call to a denied tool stopped before the client sees it.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { startPolicyGateway, type PolicyGateway } from './support/policy-gateway.js';

type ApiError = InstanceType<typeof OpenAI.APIError>;
type Tool = OpenAI.ChatCompletionTool;

const tool = (name: string): Tool => ({ type: 'function', function: { name, description: `the ${name} tool`, parameters: { type: 'object', properties: {} } } });

describe('tool_governance through a running gateway', function () {
  this.timeout(30_000);
  let pg: PolicyGateway;

  const chat = (tools: Tool[], extra: Partial<OpenAI.ChatCompletionCreateParamsNonStreaming> = {}) =>
    pg.client().chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'do things' }], tools, ...extra });
  const refusal = async (tools: Tool[]) => (await chat(tools).catch((e: unknown) => e)) as ApiError;
  const lastUpstreamTools = () => ((pg.upstream.requests.at(-1)!.body as { tools?: Array<{ function: { name: string } }> }).tools ?? []).map((t) => t.function.name);

  before(async () => {
    pg = await startPolicyGateway();
  });
  after(async () => {
    await pg?.close();
  });
  beforeEach(() => pg.upstream.setDefault({ kind: 'text', text: 'done' }));

  it('refuses a request declaring a denied tool with 403 naming it, before the upstream', async () => {
    await pg.attach('tool_governance', { deny: ['shell', 'exec_*'] });
    const before = pg.upstreamCalls();
    const err = await refusal([tool('get_weather'), tool('exec_python')]);
    expect(err.status).to.equal(403);
    expect(err.message).to.contain('tools not allowed by policy: exec_python');
    expect(pg.upstreamCalls()).to.equal(before);
    await chat([tool('get_weather')]);
    expect(pg.upstreamCalls()).to.equal(before + 1);
  });

  it('with an allow list, refuses any other tool; deny wins over allow', async () => {
    await pg.attach('tool_governance', { allow: ['search_*', 'get_weather'], deny: ['search_secrets'] });
    await chat([tool('search_web'), tool('get_weather')]);
    expect((await refusal([tool('send_email')])).message).to.contain('send_email');
    expect((await refusal([tool('search_secrets')])).message).to.contain('search_secrets');
  });

  it('caps the tools per request: max_tools passes, one more is 400', async () => {
    await pg.attach('tool_governance', { max_tools: 2 });
    await chat([tool('a'), tool('b')]);
    const before = pg.upstreamCalls();
    const err = await refusal([tool('a'), tool('b'), tool('c')]);
    expect(err.status).to.equal(400);
    expect(err.message).to.contain('declares 3 tools; at most 2 are allowed');
    expect(pg.upstreamCalls()).to.equal(before);
  });

  it('strips denied declared tools (and a tool_choice naming one) instead of refusing', async () => {
    await pg.attach('tool_governance', { deny: ['shell'], declared_action: 'strip' });
    await chat([tool('shell'), tool('get_weather')]);
    expect(lastUpstreamTools()).to.deep.equal(['get_weather']);
    await chat([tool('shell'), tool('get_weather')], { tool_choice: { type: 'function', function: { name: 'shell' } } });
    const body = pg.upstream.requests.at(-1)!.body as Record<string, unknown>;
    expect(body.tool_choice).to.equal(undefined);
    await chat([tool('shell')]);
    expect((pg.upstream.requests.at(-1)!.body as Record<string, unknown>).tools).to.equal(undefined);
  });

  it('blocks an answer that calls a denied tool (403)', async () => {
    await pg.attach('tool_governance', { deny: ['shell'] });
    pg.upstream.setDefault({ kind: 'tool_calls', calls: [{ name: 'shell', arguments: { cmd: 'rm -rf /' } }] });
    const err = await refusal([tool('get_weather')]);
    expect(err.status).to.equal(403);
    expect(err.message).to.contain('the model called shell, not allowed by policy');
  });

  it('strips denied calls from an answer and keeps the allowed ones', async () => {
    await pg.attach('tool_governance', { deny: ['shell'], response_action: 'strip' });
    pg.upstream.setDefault({ kind: 'tool_calls', calls: [{ name: 'shell', arguments: {} }, { name: 'get_weather', arguments: { city: 'Oslo' } }] });
    const both = await chat([tool('get_weather')]);
    expect(both.choices[0].message.tool_calls!.map((c) => (c as { function: { name: string } }).function.name)).to.deep.equal(['get_weather']);
    expect(both.choices[0].finish_reason).to.equal('tool_calls');
    pg.upstream.setDefault({ kind: 'tool_calls', calls: [{ name: 'shell', arguments: {} }], text: 'let me run that' });
    const none = await chat([tool('get_weather')]);
    expect(none.choices[0].message.tool_calls ?? []).to.deep.equal([]);
    expect(none.choices[0].message.content).to.equal('let me run that');
    expect(none.choices[0].finish_reason).to.equal('stop');
  });

  it('stops a stream at a call to a denied tool before the client receives it', async () => {
    await pg.attach('tool_governance', { deny: ['shell'], response_action: 'strip' });
    pg.upstream.setDefault({ kind: 'tool_calls', calls: [{ name: 'shell', arguments: { cmd: 'ls' } }], text: 'running it' });
    const res = await fetch(`${pg.gateway.proxyUrl('app')}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pg.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'go' }], tools: [tool('get_weather')] }),
    });
    expect(res.status).to.equal(200);
    const text = await res.text();
    expect(text).to.contain('running it');
    expect(text).to.not.contain('"shell"');
    expect(text).to.contain('the model called shell, not allowed by policy tool_governance');
    expect(text).to.not.contain('[DONE]');
  });

  it('lets a stream with allowed calls through untouched', async () => {
    await pg.attach('tool_governance', { deny: ['shell'] });
    pg.upstream.setDefault({ kind: 'tool_calls', calls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] });
    const stream = await pg.client().chat.completions.create({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'go' }], tools: [tool('get_weather')] });
    const names: string[] = [];
    for await (const chunk of stream) for (const call of chunk.choices[0]?.delta?.tool_calls ?? []) if (call.function?.name) names.push(call.function.name);
    expect(names).to.deep.equal(['get_weather']);
  });
});

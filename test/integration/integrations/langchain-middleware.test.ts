/**
 * The LangChain.js agent middleware (integrations/langchain) inside a real `createAgent` agent,
 * against the real guardrail service: each setting of spec 4.5's middleware table, each exit
 * behaviour, transforms on input, output and tool calls, `ask` failing closed, and the
 * unreachable fallback. The fail-closed answers a service must never get through are in
 * integrations/langchain/test/fail-closed.test.ts, against a local server answering each one.
 */
import { expect } from 'chai';
import { AIMessage, type BaseMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { z } from 'zod';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { GuardrailBlockedError, portcullisMiddleware, type PortcullisMiddlewareOptions } from '../../../integrations/langchain/src/index.js';
import { ScriptedChatModel, type ScriptedAnswer } from '../../../integrations/langchain/test/support/scripted-chat-model.js';
import { freePort } from '../../fixtures/network/free-port.js';
import { GuardrailClient, keywordRule, maskRule } from '../guardrail/support/guardrail-client.js';

const BLOCKED = 'This message was blocked by the guardrail policy.';

/** A fetch that records every evaluate body it sends. */
function recordingFetch() {
  const bodies: Record<string, any>[] = [];
  const fetcher: typeof fetch = (input, init) => {
    bodies.push(JSON.parse(String(init?.body)));
    return fetch(input, init);
  };
  return { bodies, fetcher };
}

const textOf = (message: BaseMessage) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content));

describe('integrations: the LangChain.js middleware in a real agent against the real guardrail service', () => {
  let gateway: TestGateway;
  let key: string;

  before(async () => {
    gateway = await createTestGateway({ planes: ['guardrail'] });
    const admin = await GuardrailClient.for(gateway);
    const collector = await admin.collectorWithKey('langchain');
    key = collector.key;
    await admin.policy({
      collectors: [collector.collectorId],
      gates: [
        { name: 'confirm deploys', when: [{ field: 'tool.name', op: 'eq', value: 'deploy' }], action: 'ask' },
        { name: 'confirm the risky model', when: [{ field: 'model.name', op: 'eq', value: 'risky-model' }], action: 'ask' },
      ],
      rules: [keywordRule('project-x', 'block', 'both'), maskRule('both', 'transform')],
    });
  });
  after(async () => gateway?.close());

  /** Tools the agent can run; `ran` records each run's arguments. */
  function tools() {
    const ran: { name: string; args: Record<string, unknown> }[] = [];
    const sendMail = tool(async (args) => (ran.push({ name: 'send_mail', args }), 'sent'), { name: 'send_mail', description: 'Sends a mail', schema: z.object({ to: z.string(), body: z.string() }) });
    const deploy = tool(async (args) => (ran.push({ name: 'deploy', args }), 'deployed'), { name: 'deploy', description: 'Deploys', schema: z.object({ service: z.string() }) });
    const lookup = tool(async (args) => (ran.push({ name: 'lookup', args }), `the file says: project-x launches ${args.topic}`), { name: 'lookup', description: 'Looks up', schema: z.object({ topic: z.string() }) });
    return { ran, list: [sendMail, deploy, lookup] };
  }

  function agentWith(options: PortcullisMiddlewareOptions, ...answers: ScriptedAnswer[]) {
    const model = new ScriptedChatModel(...answers);
    const recorded = recordingFetch();
    const { ran, list } = tools();
    const middleware = portcullisMiddleware({ apiBase: gateway.urls.guardrail, collectorKey: key, env: {}, fetch: recorded.fetcher, ...options });
    const agent = createAgent({ model, tools: list, middleware: [middleware] });
    return { agent, model, ran, evaluations: recorded.bodies };
  }

  const run = (agent: ReturnType<typeof agentWith>['agent'], messages: BaseMessage[], threadId = 'thread-1') => agent.invoke({ messages }, { configurable: { thread_id: threadId } });

  it('defaults: evaluates the input and the output, with the thread id as session_id and the model name', async () => {
    const { agent, model, evaluations } = agentWith({}, { text: 'Hello there' });
    const result = await run(agent, [new HumanMessage('hi')], 'conv-7');
    expect(textOf(result.messages.at(-1)!)).to.equal('Hello there');
    expect(model.calls).to.have.length(1);
    expect(evaluations.map((e) => e.direction)).to.deep.equal(['input', 'output']);
    expect(evaluations[0]).to.deep.include({ protocol: 'llm', session_id: 'conv-7' });
    expect(evaluations[0].payload.messages).to.deep.equal([{ role: 'user', content: 'hi' }]);
    expect(evaluations[0].attributes).to.deep.equal({ 'source.application': 'langchain' });
    expect(evaluations[1].payload.choices[0].message).to.deep.equal({ role: 'assistant', content: 'Hello there' });
    expect(evaluations[1].attributes).to.deep.equal({ 'source.application': 'langchain', 'model.name': 'scripted-model' });
  });

  it('sessionId, consumerId and modelName override; the environment supplies URL, key and model name', async () => {
    const { agent, evaluations } = agentWith({ sessionId: 'fixed', consumerId: 'ana@example.com', modelName: 'gpt-x' }, { text: 'ok' });
    await run(agent, [new HumanMessage('hi')]);
    expect(evaluations[0]).to.deep.include({ session_id: 'fixed', consumer_id: 'ana@example.com' });
    expect(evaluations[1].attributes['model.name']).to.equal('gpt-x');

    const recorded = recordingFetch();
    const model = new ScriptedChatModel({ text: 'ok' });
    const env = { PORTCULLIS_GUARDRAIL_URL: gateway.urls.guardrail, PORTCULLIS_API_KEY: key, PORTCULLIS_MODEL_NAME: 'env-model' };
    const fromEnv = createAgent({ model, tools: [], middleware: [portcullisMiddleware({ env, fetch: recorded.fetcher })] });
    const blocked = await fromEnv.invoke({ messages: [new HumanMessage('project-x')] });
    expect(textOf(blocked.messages.at(-1)!)).to.equal(BLOCKED);
    expect(recorded.bodies[0].attributes['model.name']).to.equal('env-model');
    expect(model.calls).to.have.length(0);
  });

  it('payloadTools go into the input payload only; the agent\'s tool set is unchanged', async () => {
    const payloadTools = [{ type: 'function' as const, function: { name: 'wire_money', description: 'Moves money', parameters: { type: 'object' } } }];
    const { agent, model, evaluations } = agentWith({ payloadTools }, { text: 'ok' });
    await run(agent, [new HumanMessage('hi')]);
    expect(evaluations[0].payload.tools).to.deep.equal(payloadTools);
    expect(evaluations[1].payload.tools).to.equal(undefined);
    expect(model.boundTools).to.deep.equal(['send_mail', 'deploy', 'lookup']);
  });

  it('exit_behavior end (default): an input block answers the blocked message, drops only the current input turn, never calls the model', async () => {
    const { agent, model } = agentWith({}, { text: 'never' });
    const history = [new SystemMessage('be brief'), new HumanMessage('first question'), new AIMessage('first answer'), new HumanMessage('tell me about project-x')];
    const result = await run(agent, history);
    expect(model.calls).to.have.length(0);
    expect(result.messages.map((m) => [m.type, textOf(m)])).to.deep.equal([
      ['system', 'be brief'],
      ['human', 'first question'],
      ['ai', 'first answer'],
      ['ai', BLOCKED],
    ]);
  });

  it('exit_behavior replace: an input block rewrites every non-system message, earlier turns included; answered tool calls keep their ids', async () => {
    const { agent, model } = agentWith({ exitBehavior: 'replace' }, { text: 'never' });
    const result = await run(agent, [
      new SystemMessage('be brief'),
      new HumanMessage('first question'),
      new AIMessage({ content: 'looking', tool_calls: [{ id: 'c0', name: 'lookup', args: { topic: 'secret' }, type: 'tool_call' }] }),
      new ToolMessage({ content: 'found it', tool_call_id: 'c0' }),
      new AIMessage('first answer'),
      new HumanMessage('project-x?'),
    ]);
    expect(model.calls).to.have.length(0);
    expect(result.messages.map((m) => [m.type, textOf(m)])).to.deep.equal([
      ['system', 'be brief'],
      ['human', BLOCKED],
      ['ai', BLOCKED],
      ['tool', BLOCKED],
      ['ai', BLOCKED],
      ['human', BLOCKED],
      ['ai', BLOCKED],
    ]);
    expect((result.messages[2] as AIMessage).tool_calls!.map((c) => [c.id, c.args])).to.deep.equal([['c0', {}]]);
    expect((result.messages[3] as ToolMessage).tool_call_id).to.equal('c0');
  });

  it('exit_behavior error: an input block raises GuardrailBlockedError with the trace id; the model is not called', async () => {
    const { agent, model } = agentWith({ exitBehavior: 'error' }, { text: 'never' });
    const err = await run(agent, [new HumanMessage('project-x')]).then(() => undefined, (e: unknown) => e);
    expect(err).to.be.instanceOf(GuardrailBlockedError);
    expect(err).to.include({ stage: 'input', reason: 'block' });
    expect((err as GuardrailBlockedError).traceId).to.be.a('string');
    expect(model.calls).to.have.length(0);
  });

  it('an output block: end drops the model message, replace rewrites it, error raises', async () => {
    const end = agentWith({}, { text: 'the project-x launch date is Monday' });
    const ended = await run(end.agent, [new HumanMessage('when?')]);
    expect(ended.messages.map((m) => [m.type, textOf(m)])).to.deep.equal([['human', 'when?'], ['ai', BLOCKED]]);

    const replace = agentWith({ exitBehavior: 'replace' }, { text: 'project-x ships', toolCalls: [{ id: 'c1', name: 'deploy', args: { service: 'x' } }] });
    const replaced = await run(replace.agent, [new HumanMessage('when?')]);
    expect(replaced.messages.map((m) => [m.type, textOf(m)])).to.deep.equal([['human', 'when?'], ['ai', BLOCKED]]);
    expect((replaced.messages.at(-1) as AIMessage).tool_calls ?? []).to.deep.equal([]);
    expect(replace.ran).to.deep.equal([]);

    const error = agentWith({ exitBehavior: 'error' }, { text: 'project-x' });
    const err = await run(error.agent, [new HumanMessage('when?')]).then(() => undefined, (e: unknown) => e);
    expect(err).to.be.instanceOf(GuardrailBlockedError);
    expect(err).to.include({ stage: 'output', reason: 'block' });
  });

  it('a streamed run: the model message is streamed before afterModel evaluates it; the block then ends the run with the blocked message', async () => {
    const { agent, ran } = agentWith({}, { text: 'the project-x launch is Monday', toolCalls: [{ id: 'c1', name: 'deploy', args: { service: 'x' } }] });
    const stream = await agent.stream({ messages: [new HumanMessage('when?')] }, { streamMode: ['messages', 'values'], configurable: { thread_id: 't-stream' } });
    const streamedTexts: string[] = [];
    let final: BaseMessage[] = [];
    for await (const [mode, chunk] of stream as AsyncIterable<[string, any]>) {
      if (mode === 'messages' && chunk[0].type !== 'human') streamedTexts.push(textOf(chunk[0]));
      if (mode === 'values') final = chunk.messages;
    }
    expect(streamedTexts).to.include('the project-x launch is Monday');
    expect(textOf(final.at(-1)!)).to.equal(BLOCKED);
    expect(ran).to.deep.equal([]);
  });

  it('a transform on input sends the masked conversation to the model and keeps it masked in the state', async () => {
    const { agent, model } = agentWith({}, { text: 'noted' });
    const result = await run(agent, [new HumanMessage({ content: [{ type: 'text', text: 'my mail is ana@example.com' }, { type: 'text', text: 'thanks' }] })]);
    const seen = JSON.stringify(model.calls[0].map((m) => m.content));
    expect(seen).to.not.contain('ana@example.com');
    expect(seen).to.contain('thanks');
    expect(JSON.stringify(result.messages[0].content)).to.not.contain('ana@example.com');
  });

  it('a transform on output masks the model message the caller gets', async () => {
    const { agent } = agentWith({}, { text: 'write to ana@example.com' });
    const result = await run(agent, [new HumanMessage('who?')]);
    const last = textOf(result.messages.at(-1)!);
    expect(last).to.not.contain('ana@example.com');
    expect(last).to.match(/^write to \S+/);
  });

  it('an ask on input (a gate) fails closed', async () => {
    const { agent, model } = agentWith({ modelName: 'risky-model', exitBehavior: 'error' }, { text: 'never' });
    const err = await run(agent, [new HumanMessage('hello')]).then(() => undefined, (e: unknown) => e);
    expect(err).to.include({ stage: 'input', reason: 'ask' });
    expect(model.calls).to.have.length(0);
  });

  describe('check_tool_calls', () => {
    // Only the tool-call check, so the conversation checks do not see the call's arguments too.
    const opts = { checkToolCalls: true, checkInput: false, checkOutput: false } as const;

    it('off by default: tool calls are not evaluated', async () => {
      const { agent, ran, evaluations } = agentWith({ checkOutput: false }, { text: '', toolCalls: [{ id: 'c1', name: 'deploy', args: { service: 'api' } }] }, { text: 'done' });
      await run(agent, [new HumanMessage('deploy')]);
      expect(ran).to.deep.equal([{ name: 'deploy', args: { service: 'api' } }]);
      expect(evaluations.every((e) => !e.attributes?.['tool.name'])).to.equal(true);
    });

    it('a blocked call is not run and answers an error tool message', async () => {
      const { agent, ran, model, evaluations } = agentWith(opts, { text: '', toolCalls: [{ id: 'c1', name: 'send_mail', args: { to: 'bob', body: 'project-x plans' } }] }, { text: 'sorry' });
      const result = await run(agent, [new HumanMessage('mail bob')]);
      expect(ran).to.deep.equal([]);
      const toolMessage = result.messages.find((m) => m.type === 'tool')!;
      expect(toolMessage).to.include({ status: 'error', tool_call_id: 'c1' });
      expect(textOf(toolMessage)).to.contain(BLOCKED);
      expect(model.calls).to.have.length(2);
      const callEvaluation = evaluations.find((e) => e.attributes?.['tool.name'] === 'send_mail')!;
      expect(callEvaluation.payload.messages[0].tool_calls[0].function).to.deep.equal({ name: 'send_mail', arguments: JSON.stringify({ to: 'bob', body: 'project-x plans' }) });
    });

    it('a transformed call runs with the rewritten arguments', async () => {
      const { agent, ran } = agentWith(opts, { text: '', toolCalls: [{ id: 'c1', name: 'send_mail', args: { to: 'bob', body: 'reach me at ana@example.com' } }] }, { text: 'sent' });
      await run(agent, [new HumanMessage('mail bob')]);
      expect(ran).to.have.length(1);
      expect(ran[0].args.to).to.equal('bob');
      expect(ran[0].args.body).to.match(/^reach me at \S+$/).and.not.contain('ana@example.com');
    });

    it('an ask on a tool call fails closed: the tool does not run', async () => {
      const { agent, ran } = agentWith(opts, { text: '', toolCalls: [{ id: 'c1', name: 'deploy', args: { service: 'api' } }] }, { text: 'ok' });
      const result = await run(agent, [new HumanMessage('deploy')]);
      expect(ran).to.deep.equal([]);
      expect(textOf(result.messages.find((m) => m.type === 'tool')!)).to.contain('confirmation');
    });
  });

  describe('check_tool_results, check_input, check_output', () => {
    const lookupThenAnswer = [{ text: '', toolCalls: [{ id: 'c1', name: 'lookup', args: { topic: 'soon' } }] }, { text: 'here it is' }];

    it('check_tool_results evaluates new tool results when check_input is off, and blocks them', async () => {
      const { agent, model, ran, evaluations } = agentWith({ checkInput: false, checkOutput: false, checkToolResults: true }, ...lookupThenAnswer);
      const result = await run(agent, [new HumanMessage('look it up')]);
      expect(ran).to.have.length(1);
      expect(model.calls).to.have.length(1);
      expect(evaluations).to.have.length(1);
      expect(evaluations[0].payload.messages).to.deep.equal([{ role: 'tool', content: 'the file says: project-x launches soon', tool_call_id: 'c1' }]);
      expect(textOf(result.messages.at(-1)!)).to.equal(BLOCKED);
    });

    it('check_tool_results is skipped when check_input is on (the input evaluation covers the results)', async () => {
      const { evaluations, agent } = agentWith({ checkOutput: false, checkToolResults: true }, { text: '', toolCalls: [{ id: 'c1', name: 'deploy', args: { service: 'a' } }] }, { text: 'ok' });
      await run(agent, [new HumanMessage('go')]);
      expect(evaluations.map((e) => e.payload.messages.length)).to.deep.equal([1, 3]);
    });

    it('check_input and check_output off: nothing is evaluated', async () => {
      const { agent, model, evaluations } = agentWith({ checkInput: false, checkOutput: false }, { text: 'project-x' });
      const result = await run(agent, [new HumanMessage('project-x')]);
      expect(evaluations).to.deep.equal([]);
      expect(model.calls).to.have.length(1);
      expect(textOf(result.messages.at(-1)!)).to.equal('project-x');
    });
  });

  it('unreachable: fail_closed (default) blocks, fail_open lets the turn through uninspected', async () => {
    const gone = `http://127.0.0.1:${await freePort()}`;
    const closed = agentWith({ apiBase: gone, backoffMs: 5 }, { text: 'answer' });
    const blocked = await run(closed.agent, [new HumanMessage('hi')]);
    expect(textOf(blocked.messages.at(-1)!)).to.equal(BLOCKED);
    expect(closed.model.calls).to.have.length(0);

    const open = agentWith({ apiBase: gone, backoffMs: 5, unreachableFallback: 'fail_open' }, { text: 'answer' });
    const passed = await run(open.agent, [new HumanMessage('hi')]);
    expect(textOf(passed.messages.at(-1)!)).to.equal('answer');
  });
});

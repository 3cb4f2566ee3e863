/**
 * The AI SDK middleware (integrations/ai-sdk) in real `generateText` and `streamText` calls with a
 * fake model, against the real guardrail service: each setting of spec 4.5's middleware table,
 * each exit behaviour, transforms on input, output and tool calls, `ask` failing closed, output
 * evaluation of a stream after delivery, and the unreachable fallback. The fail-closed answers are
 * in integrations/ai-sdk/test/fail-closed.test.ts, against a local server answering each one.
 */
import { expect } from 'chai';
import { generateText, jsonSchema, type ModelMessage, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { createPortcullis, GuardrailBlockedError, type PortcullisMiddlewareOptions } from '../../../integrations/ai-sdk/src/index.js';
import { generated, streamed } from '../../../integrations/ai-sdk/test/support/mock-results.js';
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

const errorOf = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e);

describe('integrations: the AI SDK middleware in real generateText / streamText calls against the real guardrail service', () => {
  let gateway: TestGateway;
  let key: string;

  before(async () => {
    gateway = await createTestGateway({ planes: ['guardrail'] });
    const admin = await GuardrailClient.for(gateway);
    const collector = await admin.collectorWithKey('typescript_sdk');
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

  function setup(options: PortcullisMiddlewareOptions, model: MockLanguageModelV3) {
    const recorded = recordingFetch();
    const portcullis = createPortcullis({ apiBase: gateway.urls.guardrail, collectorKey: key, env: {}, fetch: recorded.fetcher, ...options });
    const ran: { name: string; args: Record<string, unknown> }[] = [];
    const schema = jsonSchema<Record<string, string>>({ type: 'object', properties: { to: { type: 'string' }, body: { type: 'string' }, service: { type: 'string' }, topic: { type: 'string' } } });
    const tools = portcullis.guardTools({
      send_mail: tool({ description: 'Sends a mail', inputSchema: schema, execute: async (args) => (ran.push({ name: 'send_mail', args }), 'sent') }),
      deploy: tool({ description: 'Deploys', inputSchema: schema, execute: async (args) => (ran.push({ name: 'deploy', args }), 'deployed') }),
      lookup: tool({ description: 'Looks up', inputSchema: schema, execute: async (args) => (ran.push({ name: 'lookup', args }), `the file says: project-x launches ${args.topic}`) }),
    });
    return { model: wrapLanguageModel({ model, middleware: portcullis.middleware }), tools, ran, evaluations: recorded.bodies };
  }

  const mock = (...results: ReturnType<typeof generated>[]) => new MockLanguageModelV3({ modelId: 'mock-model', doGenerate: results });

  it('defaults: evaluates input and output with the model id; the session id is the option, else the call\'s providerOptions', async () => {
    const base = mock(generated('Hello there'), generated('Again'));
    const { model, evaluations } = setup({}, base);
    const result = await generateText({ model, prompt: 'hi', providerOptions: { portcullis: { sessionId: 'conv-9' } } });
    expect(result.text).to.equal('Hello there');
    expect(evaluations.map((e) => e.direction)).to.deep.equal(['input', 'output']);
    expect(evaluations[0]).to.deep.include({ protocol: 'llm', session_id: 'conv-9' });
    expect(evaluations[0].payload.messages).to.deep.equal([{ role: 'user', content: 'hi' }]);
    expect(evaluations[0].attributes).to.deep.equal({ 'source.application': 'ai-sdk', 'model.name': 'mock-model' });
    expect(evaluations[1].payload.choices[0].message).to.deep.equal({ role: 'assistant', content: 'Hello there' });

    const fixed = setup({ sessionId: 'fixed', consumerId: 'ana@example.com', modelName: 'gpt-x' }, mock(generated('ok')));
    await generateText({ model: fixed.model, prompt: 'hi', providerOptions: { portcullis: { sessionId: 'conv-9' } } });
    expect(fixed.evaluations[0]).to.deep.include({ session_id: 'fixed', consumer_id: 'ana@example.com' });
    expect(fixed.evaluations[0].attributes['model.name']).to.equal('gpt-x');
  });

  it('reads the service URL, key and model name from the environment', async () => {
    const recorded = recordingFetch();
    const portcullis = createPortcullis({ env: { PORTCULLIS_GUARDRAIL_URL: gateway.urls.guardrail, PORTCULLIS_COLLECTOR_KEY: key, PORTCULLIS_MODEL_NAME: 'env-model' }, fetch: recorded.fetcher });
    const base = mock(generated('never'));
    const result = await generateText({ model: wrapLanguageModel({ model: base, middleware: portcullis.middleware }), prompt: 'project-x' });
    expect(result.text).to.equal(BLOCKED);
    expect(base.doGenerateCalls).to.have.length(0);
    expect(recorded.bodies[0].attributes['model.name']).to.equal('env-model');
  });

  it('payloadTools go into the input payload only; the model gets only the call\'s tools', async () => {
    const payloadTools = [{ type: 'function' as const, function: { name: 'wire_money', description: 'Moves money' } }];
    const base = mock(generated('ok'));
    const { model, tools, evaluations } = setup({ payloadTools }, base);
    await generateText({ model, tools, prompt: 'hi' });
    expect(evaluations[0].payload.tools).to.deep.equal(payloadTools);
    expect(base.doGenerateCalls[0].tools!.map((t) => t.name)).to.deep.equal(['send_mail', 'deploy', 'lookup']);
  });

  it('an input block: end and replace answer the blocked message without calling the model; error throws', async () => {
    const history: ModelMessage[] = [{ role: 'user', content: 'first' }, { role: 'assistant', content: 'answer' }, { role: 'user', content: 'and project-x?' }];
    for (const exitBehavior of ['end', 'replace'] as const) {
      const base = mock(generated('never'));
      const { model } = setup({ exitBehavior }, base);
      const result = await generateText({ model, messages: history });
      expect(result.text).to.equal(BLOCKED);
      expect(base.doGenerateCalls).to.have.length(0);
    }
    const base = mock(generated('never'));
    const err = await errorOf(generateText({ model: setup({ exitBehavior: 'error' }, base).model, messages: history }));
    expect(err).to.be.instanceOf(GuardrailBlockedError);
    expect(err).to.include({ stage: 'input', reason: 'block' });
    expect(base.doGenerateCalls).to.have.length(0);
  });

  it('an output block: the caller gets the blocked message and the asked-for tools never run; error throws', async () => {
    const { model, tools, ran } = setup({}, mock(generated('project-x ships', [{ id: 'c1', name: 'deploy', args: { service: 'x' } }])));
    const result = await generateText({ model, tools, prompt: 'when?', stopWhen: stepCountIs(3) });
    expect(result.text).to.equal(BLOCKED);
    expect(result.toolCalls).to.deep.equal([]);
    expect(ran).to.deep.equal([]);

    const err = await errorOf(generateText({ model: setup({ exitBehavior: 'error' }, mock(generated('project-x'))).model, prompt: 'when?' }));
    expect(err).to.include({ stage: 'output', reason: 'block' });
  });

  it('a transform masks the prompt the model gets and the answer the caller gets', async () => {
    const base = mock(generated('write to bob@example.com'));
    const { model } = setup({}, base);
    const result = await generateText({ model, messages: [{ role: 'user', content: [{ type: 'text', text: 'my mail is ana@example.com' }, { type: 'text', text: 'thanks' }] }] });
    const sent = JSON.stringify(base.doGenerateCalls[0].prompt);
    expect(sent).to.not.contain('ana@example.com');
    expect(sent).to.contain('thanks');
    expect(result.text).to.match(/^write to \S+$/).and.not.contain('bob@example.com');
  });

  it('an ask on input (a gate) fails closed', async () => {
    const base = mock(generated('never'));
    const err = await errorOf(generateText({ model: setup({ modelName: 'risky-model', exitBehavior: 'error' }, base).model, prompt: 'hello' }));
    expect(err).to.include({ stage: 'input', reason: 'ask' });
    expect(base.doGenerateCalls).to.have.length(0);
  });

  describe('check_tool_calls (guardTools)', () => {
    const opts = { checkToolCalls: true, checkInput: false, checkOutput: false } as const;

    it('off by default: guardTools returns the tools as they are', async () => {
      const { model, tools, ran, evaluations } = setup({ checkInput: false, checkOutput: false }, mock(generated('', [{ id: 'c1', name: 'deploy', args: { service: 'api' } }]), generated('done')));
      await generateText({ model, tools, prompt: 'deploy', stopWhen: stepCountIs(3) });
      expect(ran).to.deep.equal([{ name: 'deploy', args: { service: 'api' } }]);
      expect(evaluations).to.deep.equal([]);
    });

    it('a blocked call is not run; the model gets an error tool result', async () => {
      const base = mock(generated('', [{ id: 'c1', name: 'send_mail', args: { to: 'bob', body: 'project-x plans' } }]), generated('sorry'));
      const { model, tools, ran, evaluations } = setup(opts, base);
      const result = await generateText({ model, tools, prompt: 'mail bob', stopWhen: stepCountIs(3) });
      expect(ran).to.deep.equal([]);
      expect(result.text).to.equal('sorry');
      const toolMessage = base.doGenerateCalls[1].prompt.find((m) => m.role === 'tool')!;
      const part = toolMessage.content[0] as { type: string; toolCallId: string; output: { type: string; value: unknown } };
      expect(part).to.deep.include({ type: 'tool-result', toolCallId: 'c1' });
      expect(part.output.type).to.equal('error-text');
      expect(String(part.output.value)).to.contain(BLOCKED);
      expect(evaluations[0].attributes['tool.name']).to.equal('send_mail');
    });

    it('a transformed call runs with the rewritten arguments', async () => {
      const { model, tools, ran } = setup(opts, mock(generated('', [{ id: 'c1', name: 'send_mail', args: { to: 'bob', body: 'reach me at ana@example.com' } }]), generated('sent')));
      await generateText({ model, tools, prompt: 'mail bob', stopWhen: stepCountIs(3) });
      expect(ran).to.have.length(1);
      expect(ran[0].args.to).to.equal('bob');
      expect(ran[0].args.body).to.match(/^reach me at \S+$/).and.not.contain('ana@example.com');
    });

    it('an ask on a tool call fails closed: the tool does not run', async () => {
      const { model, tools, ran } = setup(opts, mock(generated('', [{ id: 'c1', name: 'deploy', args: { service: 'api' } }]), generated('ok')));
      await generateText({ model, tools, prompt: 'deploy', stopWhen: stepCountIs(3) });
      expect(ran).to.deep.equal([]);
    });
  });

  describe('check_tool_results, check_input, check_output', () => {
    it('check_tool_results evaluates the new tool results when check_input is off, and blocks them', async () => {
      const base = mock(generated('', [{ id: 'c1', name: 'lookup', args: { topic: 'soon' } }]), generated('here it is'));
      const { model, tools, evaluations } = setup({ checkInput: false, checkOutput: false, checkToolResults: true }, base);
      const result = await generateText({ model, tools, prompt: 'look it up', stopWhen: stepCountIs(3) });
      expect(evaluations).to.have.length(1);
      expect(evaluations[0].payload.messages).to.deep.equal([{ role: 'tool', content: 'the file says: project-x launches soon', tool_call_id: 'c1' }]);
      expect(base.doGenerateCalls).to.have.length(1);
      expect(result.text).to.equal(BLOCKED);
    });

    it('check_tool_results is skipped when check_input is on', async () => {
      const { model, tools, evaluations } = setup({ checkOutput: false, checkToolResults: true }, mock(generated('', [{ id: 'c1', name: 'deploy', args: { service: 'a' } }]), generated('ok')));
      await generateText({ model, tools, prompt: 'go', stopWhen: stepCountIs(3) });
      expect(evaluations.map((e) => e.payload.messages.length)).to.deep.equal([1, 3]);
    });

    it('check_input and check_output off: nothing is evaluated', async () => {
      const { model, evaluations } = setup({ checkInput: false, checkOutput: false }, mock(generated('project-x')));
      const result = await generateText({ model, prompt: 'project-x' });
      expect(evaluations).to.deep.equal([]);
      expect(result.text).to.equal('project-x');
    });
  });

  describe('streamText', () => {
    const streaming = (...texts: string[]) => new MockLanguageModelV3({ modelId: 'mock-model', doStream: texts.map((text) => streamed(text)) });

    it('an allowed stream is relayed as it is, and its output evaluated', async () => {
      const { model, evaluations } = setup({}, streaming('Hello there friend'));
      const result = streamText({ model, prompt: 'hi' });
      expect(await result.text).to.equal('Hello there friend');
      expect(evaluations.map((e) => e.direction)).to.deep.equal(['input', 'output']);
      expect(evaluations[1].payload.choices[0].message.content).to.equal('Hello there friend');
    });

    it('an input block streams the blocked message without calling the model', async () => {
      const base = streaming('never');
      const result = streamText({ model: setup({}, base).model, prompt: 'project-x?' });
      expect(await result.text).to.equal(BLOCKED);
      expect(base.doStreamCalls).to.have.length(0);
    });

    it('an output block comes after delivery: the text was streamed, then an error part carries the block', async () => {
      const { model } = setup({}, streaming('the project-x launch is Monday'));
      const result = streamText({ model, prompt: 'when?', onError: () => {} });
      const seen: string[] = [];
      let blocked: unknown;
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') seen.push(part.text);
        if (part.type === 'error') blocked = part.error;
      }
      expect(seen.join('')).to.equal('the project-x launch is Monday');
      expect(blocked).to.be.instanceOf(GuardrailBlockedError);
      expect(blocked).to.include({ stage: 'output', reason: 'block' });
    });

    it('an output block stops the tool calls the stream asked for: they are held until the evaluation', async () => {
      const base = new MockLanguageModelV3({ modelId: 'mock-model', doStream: [streamed('deploying project-x', [{ id: 'c1', name: 'deploy', args: { service: 'api' } }])] });
      const { model, tools, ran } = setup({}, base);
      const result = streamText({ model, tools, prompt: 'ship it', stopWhen: stepCountIs(3), onError: () => {} });
      const types: string[] = [];
      for await (const part of result.fullStream) types.push(part.type);
      expect(ran).to.deep.equal([]);
      expect(types).to.include('error').and.not.include('tool-call');
      expect(await result.finishReason).to.equal('content-filter');

      const allowed = setup({}, new MockLanguageModelV3({ modelId: 'mock-model', doStream: [streamed('deploying', [{ id: 'c1', name: 'deploy', args: { service: 'api' } }]), streamed('done')] }));
      const ok = streamText({ model: allowed.model, tools: allowed.tools, prompt: 'ship it', stopWhen: stepCountIs(3) });
      expect(await ok.text).to.equal('done');
      expect(allowed.ran).to.deep.equal([{ name: 'deploy', args: { service: 'api' } }]);
    });
  });

  it('unreachable: fail_closed (default) blocks, fail_open lets the call through uninspected', async () => {
    const gone = `http://127.0.0.1:${await freePort()}`;
    const closedBase = mock(generated('answer'));
    const closed = await generateText({ model: setup({ apiBase: gone, backoffMs: 5 }, closedBase).model, prompt: 'hi' });
    expect(closed.text).to.equal(BLOCKED);
    expect(closedBase.doGenerateCalls).to.have.length(0);
    const open = await generateText({ model: setup({ apiBase: gone, backoffMs: 5, unreachableFallback: 'fail_open' }, mock(generated('answer'))).model, prompt: 'hi' });
    expect(open.text).to.equal('answer');
  });
});

/**
 * The LangChain.js middleware in a real agent against a local server answering each case of spec
 * 4.5 that must fail closed even with `unreachableFallback: 'fail_open'`; then retries
 * (429 with Retry-After), unreachable answers (502, 504, a timeout) following the fallback, and a
 * TLS failure failing closed.
 */
import { expect } from 'chai';
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { z } from 'zod';
import { type AnsweringService, startAnsweringService, verdictAnswer } from '../../agent-guard/test/support/answering-service.js';
import { FAIL_CLOSED_CASES } from '../../agent-guard/test/support/fail-closed-cases.js';
import { GuardrailBlockedError, portcullisMiddleware, type PortcullisMiddlewareOptions } from '../src/index.js';
import { ScriptedChatModel } from './support/scripted-chat-model.js';

const KEY = 'tgk_test_key';

describe('LangChain.js middleware: what fails closed, what follows the fallback', () => {
  let service: AnsweringService;
  before(async () => {
    service = await startAnsweringService();
  });
  after(async () => service?.close());

  /** A conversation with a tool call and its result, the shape the transform cases change. */
  const conversation = (): BaseMessage[] => [
    new HumanMessage('hi'),
    new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'lookup', args: { topic: 'x' }, type: 'tool_call' }] }),
    new ToolMessage({ content: 'res', tool_call_id: 'c1' }),
  ];

  async function runAgent(options: PortcullisMiddlewareOptions) {
    const model = new ScriptedChatModel({ text: 'answer' });
    const lookup = tool(async () => 'res', { name: 'lookup', description: 'Looks up', schema: z.object({ topic: z.string() }) });
    const agent = createAgent({ model, tools: [lookup], middleware: [portcullisMiddleware({ apiBase: service.url, collectorKey: KEY, env: {}, checkOutput: false, ...options })] });
    const outcome = await agent.invoke({ messages: conversation() }).then(
      (result) => ({ result, error: undefined }),
      (error: unknown) => ({ result: undefined, error }),
    );
    return { ...outcome, model };
  }

  for (const failure of FAIL_CLOSED_CASES) {
    it(`${failure.name} fails closed even with fail_open: the model is not called`, async () => {
      service.answer(failure.answer);
      const { error, model } = await runAgent({ unreachableFallback: 'fail_open', exitBehavior: 'error' });
      expect(error).to.be.instanceOf(GuardrailBlockedError);
      expect(error).to.include({ stage: 'input', reason: failure.reason });
      expect((error as Error).message).to.not.contain(KEY);
      expect(model.calls).to.have.length(0);
    });
  }

  it('a well-formed transform of the same conversation is applied (the control case of the transform rules)', async () => {
    service.answer((body) => {
      const payload = structuredClone(body.payload);
      payload.messages[0].content = 'masked';
      payload.messages[1].tool_calls[0].function.arguments = '{"topic":"[REDACTED]"}';
      payload.messages[2].content = 'masked result';
      return verdictAnswer('transform', { transformed_payload: payload });
    });
    const { result, model } = await runAgent({ exitBehavior: 'error' });
    expect(result).to.not.equal(undefined);
    const seen = model.calls[0];
    expect(seen.map((m) => m.content)).to.deep.equal(['masked', '', 'masked result']);
    expect((seen[1] as AIMessage).tool_calls![0]).to.deep.include({ id: 'c1', name: 'lookup', args: { topic: '[REDACTED]' } });
  });

  it('429 with Retry-After is retried after that wait, then the verdict applies', async () => {
    let calls = 0;
    service.answer(() => (++calls === 1 ? { status: 429, headers: { 'retry-after': '1' }, body: { error: 'rate_limited' } } : verdictAnswer('allow')));
    const started = Date.now();
    const { result, model } = await runAgent({ exitBehavior: 'error' });
    expect(result).to.not.equal(undefined);
    expect(calls).to.equal(2);
    expect(Date.now() - started).to.be.at.least(900);
    expect(model.calls).to.have.length(1);
  });

  for (const status of [502, 504]) {
    it(`${status} after the retries is unreachable: blocks by default, continues under fail_open`, async () => {
      service.answer(() => ({ status, body: { error: 'bad_gateway' } }));
      const closed = await runAgent({ exitBehavior: 'error', backoffMs: 5 });
      expect(closed.error).to.include({ reason: 'fail_closed' });
      expect((closed.error as GuardrailBlockedError).failure?.kind).to.equal('unreachable');
      const open = await runAgent({ exitBehavior: 'error', backoffMs: 5, unreachableFallback: 'fail_open' });
      expect(open.error).to.equal(undefined);
      expect(open.model.calls).to.have.length(1);
    });
  }

  it('no answer within `timeout` (seconds) is unreachable: blocks by default, continues under fail_open', async () => {
    service.answer(() => ({ hang: true }));
    const closed = await runAgent({ exitBehavior: 'error', timeout: 0.3 });
    expect(closed.error).to.include({ reason: 'fail_closed' });
    expect((closed.error as GuardrailBlockedError).failure?.message).to.contain('300 ms');
    const open = await runAgent({ timeout: 0.3, unreachableFallback: 'fail_open' });
    expect(open.model.calls).to.have.length(1);
  });

  it('a TLS failure (an https URL on a server that does not speak TLS) fails closed even with fail_open', async () => {
    const { error, model } = await runAgent({ apiBase: service.url.replace('http:', 'https:'), unreachableFallback: 'fail_open', exitBehavior: 'error' });
    expect(error).to.include({ reason: 'fail_closed' });
    expect((error as GuardrailBlockedError).failure?.kind).to.equal('tls');
    expect(model.calls).to.have.length(0);
  });
});

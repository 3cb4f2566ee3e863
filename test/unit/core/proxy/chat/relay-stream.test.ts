import { Readable } from 'node:stream';
import type { ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import { expect } from 'chai';
import type { CanonicalRequest, StreamAssembler } from '../../../../../core/canonical/index.js';
import type { Exchange } from '../../../../../core/pipeline/exchange.js';
import { createPipelineHooks } from '../../../../../core/pipeline/hooks.js';
import { relayStream } from '../../../../../core/proxy/chat/relay-stream.js';
import openaiChat from '../../../../../plugins/formats/openai-chat/index.js';

const request: CanonicalRequest = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: [{ type: 'text', text: 'go' }] }], sampling: {}, stream: true };
const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const TEXT = chunk({ role: 'assistant', content: 'running it' });
const CALL = chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'shell', arguments: '{}' } }] });
const END = chunk({}, 'tool_calls') + 'data: [DONE]\n\n';

/** Stops at the first tool call, as a tool policy denying every tool would. */
const denyCalls = async (assembled: Pick<StreamAssembler, 'result'>) => (assembled.result().content.some((p) => p.type === 'tool_call') ? 'the model called a tool' : undefined);

/** Relays `reads` (each one upstream read) and returns what the client received. */
async function relay(reads: string[], rawForward: boolean, windowCheck: typeof denyCalls | undefined = denyCalls, limitBytes = 1024 * 1024) {
  let received = '';
  const res = { destroyed: false, write: (text: string) => ((received += text), true) } as unknown as ServerResponse;
  const upstream = { body: Readable.from(reads.map((r) => Buffer.from(r))) } as unknown as Dispatcher.ResponseData;
  const ctx = { signal: { aborted: false } } as unknown as Exchange;
  const hooks = createPipelineHooks();
  if (windowCheck) hooks.checkStream.tapPromise({ name: 'deny_calls' }, windowCheck);
  const clientEncoder = openaiChat.createStreamEncoder({ request, model: 'gpt-4o-mini', sse: true });
  const { complete } = await relayStream(ctx, { upstream, upstreamFormat: openaiChat, clientEncoder, rawForward, res, hooks, checkStream: !!windowCheck, limitBytes });
  return { received, complete };
}

describe('core/proxy/chat relayStream with a window check', () => {
  for (const rawForward of [true, false]) {
    describe(rawForward ? 'forwarding raw events' : 'encoding events', () => {
      it('relays what came before a stopping event in the same upstream read, and not that event', async () => {
        const { received, complete } = await relay([TEXT + CALL + END], rawForward);
        expect(complete).to.equal(false);
        expect(received).to.contain('running it');
        expect(received).to.not.contain('shell');
        expect(received).to.contain('the model called a tool');
        expect(received).to.not.contain('[DONE]');
      });

      it('relays the same when each event comes in a read of its own, or cut across reads', async () => {
        const whole = TEXT + CALL + END;
        for (const reads of [[TEXT, CALL, END], [whole.slice(0, 30), whole.slice(30, TEXT.length + 10), whole.slice(TEXT.length + 10)]]) {
          const { received } = await relay(reads, rawForward);
          expect(received).to.contain('running it');
          expect(received).to.not.contain('shell');
          expect(received).to.contain('the model called a tool');
        }
      });

      it('relays a whole stream that nothing stops', async () => {
        const { received, complete } = await relay([TEXT + END], rawForward);
        expect(complete).to.equal(true);
        expect(received).to.contain('running it');
        if (rawForward) expect(received).to.contain('[DONE]');
      });
    });
  }
});

describe('core/proxy/chat relayStream with an answer limit', () => {
  const body = TEXT.repeat(40) + END;
  for (const rawForward of [true, false]) {
    for (const windowCheck of [denyCalls, undefined]) {
      const title = `${rawForward ? 'forwarding raw events' : 'encoding events'}${windowCheck ? ', checked' : ''}`;
      it(`ends a stream longer than the limit with the failure event (${title})`, async () => {
        const reads = body.match(/[^]{1,100}/g)!;
        const { received, complete } = await relay(reads, rawForward, windowCheck, 1000);
        expect(complete).to.equal(false);
        expect(received).to.contain('upstream stream terminated unexpectedly');
        expect(received).to.not.contain('[DONE]');
        // What came before the limit was relayed.
        expect(received).to.contain('running it');
      });

      it(`relays a stream of exactly the limit whole (${title})`, async () => {
        const { complete } = await relay([TEXT + END], rawForward, windowCheck, Buffer.byteLength(TEXT + END));
        expect(complete).to.equal(true);
      });
    }
  }
});

/**
 * Streams are committed at their first well-formed event of the upstream's format: before it,
 * nothing is released, and a malformed first event, one of the wrong shape, an error event or
 * an end without any event is the upstream's 502 (a failed attempt), in each of the five formats.
 */
import { Readable } from 'node:stream';
import { expect } from 'chai';
import type { WireFormat } from '../../../../core/canonical/index.js';
import { GatewayError } from '../../../../core/errors/gateway-error.js';
import { afterFirstEvent } from '../../../../core/proxy/routing/first-event.js';
import anthropic from '../../../../plugins/formats/anthropic-messages/index.js';
import cohere from '../../../../plugins/formats/cohere-v2/index.js';
import gemini from '../../../../plugins/formats/gemini/index.js';
import openaiChat from '../../../../plugins/formats/openai-chat/index.js';
import responses from '../../../../plugins/formats/openai-responses/index.js';

type Body = Parameters<typeof afterFirstEvent>[0];
const LIMIT = 1024 * 1024;
const body = (...chunks: string[]) => Readable.from(chunks.map((c) => Buffer.from(c))) as unknown as Body;
const data = (value: unknown, event?: string) => `${event ? `event: ${event}\n` : ''}data: ${typeof value === 'string' ? value : JSON.stringify(value)}\n\n`;

/** Per format: a real first event, and a real in-stream error event. */
const CASES: Array<{ format: WireFormat; first: string; error: string }> = [
  {
    format: openaiChat as WireFormat,
    first: data({ id: 'c1', object: 'chat.completion.chunk', model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] }),
    error: data({ error: { message: 'server error', type: 'server_error' } }),
  },
  {
    format: responses as WireFormat,
    first: data({ type: 'response.created', response: { id: 'r1', model: 'm', status: 'in_progress', output: [] } }, 'response.created'),
    error: data({ type: 'error', code: 'server_error', message: 'server error' }, 'error'),
  },
  {
    format: anthropic as WireFormat,
    first: data({ type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [], usage: { input_tokens: 1, output_tokens: 0 } } }, 'message_start'),
    error: data({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, 'error'),
  },
  {
    format: gemini as WireFormat,
    first: data({ candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }] }, index: 0 }], modelVersion: 'm', responseId: 'g1' }),
    error: data({ error: { code: 503, message: 'overloaded', status: 'UNAVAILABLE' } }),
  },
  {
    format: cohere as WireFormat,
    first: data({ type: 'message-start', id: 'co1', delta: { message: { role: 'assistant' } } }, 'message-start'),
    error: data({ type: 'error', error: { message: 'server error', type: 'server_error' } }),
  },
];

async function readAll(stream: Body): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

function expectBroken(result: unknown, pattern: RegExp): void {
  expect(result).to.be.instanceOf(GatewayError);
  const error = result as GatewayError;
  expect([error.status, error.source]).to.deep.equal([502, 'upstream']);
  expect(error.message).to.match(pattern);
}

describe('routing: first well-formed event of a stream', () => {
  for (const { format, first, error } of CASES) {
    describe(format.id, () => {
      it('commits at a real first event and replays every byte read, then the rest', async () => {
        const rest = 'data: {"later":true}\n\n';
        const result = await afterFirstEvent(body(first.slice(0, 7), first.slice(7), rest), format, LIMIT);
        expect(result).to.not.be.instanceOf(GatewayError);
        expect(await readAll(result as Body)).to.equal(first + rest);
      });

      it('a malformed JSON first event is a 502', async () => {
        expectBroken(await afterFirstEvent(body('data: {"id":"x","choices":[{\n\n', first), format, LIMIT), /began with an event that is not/);
      });

      it('a first event of the wrong shape is a 502', async () => {
        // Formats that skip unknown event types (Anthropic, Responses) wait past it; the stream then ends.
        expectBroken(await afterFirstEvent(body(data({ hello: 'not an event of this format' })), format, LIMIT), /not|ended before its first event/);
      });

      it('an error event first is a 502 carrying its message', async () => {
        expectBroken(await afterFirstEvent(body(error, first), format, LIMIT), /began with an error event: \S/);
      });
    });
  }

  it('waits past events that carry nothing (comments, pings) and commits at the first that does', async () => {
    const ping = data({ type: 'ping' }, 'ping');
    const first = CASES[2]!.first;
    const result = await afterFirstEvent(body(': comment\n\n', ping, first), anthropic as WireFormat, LIMIT);
    expect(await readAll(result as Body)).to.equal(`: comment\n\n${ping}${first}`);
  });

  it('an end before any event is a 502, and so are more bytes than the limit without one', async () => {
    expectBroken(await afterFirstEvent(body(), openaiChat as WireFormat, LIMIT), /ended before its first event/);
    expectBroken(await afterFirstEvent(body(': x\n\n'.repeat(100)), openaiChat as WireFormat, 64), /without an event/);
  });

  it('a transport failure before the first event rejects with its error (a connection failure or timeout)', async () => {
    const failing = new Readable({
      read() {
        this.destroy(Object.assign(new Error('socket hang up'), { code: 'UND_ERR_SOCKET' }));
      },
    });
    const err = (await afterFirstEvent(failing as unknown as Body, openaiChat as WireFormat, LIMIT).catch((e: unknown) => e)) as { code?: string };
    expect(err.code).to.equal('UND_ERR_SOCKET');
  });

  it('destroying the replay destroys the upstream body; a broken stream destroys it at once', async () => {
    const source = (chunk: string) => {
      const state = { destroyed: false };
      const stream = new Readable({
        read() {
          this.push(Buffer.from(chunk));
        },
        destroy(err, cb) {
          state.destroyed = true;
          cb(err);
        },
      });
      return { stream: stream as unknown as Body, state };
    };
    const good = source(CASES[0]!.first);
    const replay = (await afterFirstEvent(good.stream, openaiChat as WireFormat, LIMIT)) as Body;
    replay.destroy();
    await new Promise((r) => setTimeout(r, 10));
    expect(good.state.destroyed).to.equal(true);
    const bad = source('data: {bad\n\n');
    expectBroken(await afterFirstEvent(bad.stream, openaiChat as WireFormat, LIMIT), /not/);
    expect(bad.state.destroyed).to.equal(true);
  });
});

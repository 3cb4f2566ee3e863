import { expect } from 'chai';
import { createParser } from 'eventsource-parser';
import type { StreamEvent } from '../../../../../core/canonical/index.js';
import type { FakeUpstream } from '../../../../fixtures/providers/fake-upstream.js';
import { FAKE_THOUGHT_SIGNATURE, startFakeGemini } from '../../../../fixtures/providers/gemini/server.js';
import gemini from '../../../../../plugins/formats/gemini/index.js';
import { rejectionOf } from '../caught-errors.js';

/**
 * The fake upstream's real stream bytes, read the way the gateway reads an upstream: chunk by
 * chunk off the socket, through eventsource-parser, into the adapter's stream decoder.
 */
async function decodeStream(fake: FakeUpstream, model = 'gemini-2.5-flash'): Promise<{ events: StreamEvent[]; complete: boolean; failed: boolean }> {
  const res = await fetch(`${fake.url}/v1beta/models/${model}:streamGenerateContent?alt=sse`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-goog-api-key': 'k' },
    body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
  });
  const decoder = gemini.createStreamDecoder();
  const events: StreamEvent[] = [];
  const parser = createParser({ onEvent: (e) => events.push(...decoder.push({ data: e.data })) });
  const reader = res.body!.getReader();
  const text = new TextDecoder();
  let failed = false;
  for (;;) {
    // A dropped connection fails the read; a bad event fails the decoder, which must surface.
    const read = await reader.read().catch(() => undefined);
    if (!read) {
      failed = true;
      break;
    }
    if (read.done) break;
    parser.feed(text.decode(read.value, { stream: true }));
  }
  const end = decoder.end();
  return { events: [...events, ...end.events], complete: end.complete, failed };
}

describe('fake Gemini stream bytes through eventsource-parser into the stream decoder', () => {
  let fake: FakeUpstream;
  beforeEach(async () => {
    fake = await startFakeGemini({ usage: { input: 20, output: 9 } });
  });
  afterEach(async () => {
    await fake.close();
  });

  it('decodes a thinking answer into canonical events ending in a complete finish', async () => {
    fake.enqueue({ kind: 'text', text: 'Hello there world', thinking: 'Greet them.' });
    const { events, complete, failed } = await decodeStream(fake);
    expect(failed).to.equal(false);
    expect(complete).to.equal(true);
    expect(events).to.deep.equal([
      { type: 'start', id: 'fake-gemini-1', model: 'gemini-2.5-flash' },
      { type: 'thinking_delta', index: 0, text: 'Greet them.' },
      { type: 'part_end', index: 0 },
      { type: 'text_delta', index: 1, text: 'Hello ', signature: FAKE_THOUGHT_SIGNATURE },
      { type: 'text_delta', index: 1, text: 'there ' },
      { type: 'text_delta', index: 1, text: 'world' },
      { type: 'part_end', index: 1 },
      { type: 'finish', finish_reason: 'stop', usage: { input_tokens: 20, output_tokens: 9, total_tokens: 29 } },
    ]);
  });

  it('decodes parallel calls into tool-call events with ids and the signature', async () => {
    fake.enqueue({ kind: 'tool_calls', calls: [{ name: 'a', arguments: { n: 1 } }, { id: 'given', name: 'b', arguments: {} }] });
    const { events } = await decodeStream(fake);
    expect(events.filter((e) => e.type === 'tool_call_start')).to.deep.equal([
      { type: 'tool_call_start', index: 0, id: 'gemini_call_fake-gemini-1_0', name: 'a', signature: FAKE_THOUGHT_SIGNATURE },
      { type: 'tool_call_start', index: 1, id: 'given', name: 'b' },
    ]);
    expect(events.filter((e) => e.type === 'tool_call_delta').map((e) => (e as { arguments: string }).arguments)).to.deep.equal(['{"n":1}', '{}']);
    expect(events.at(-1)).to.deep.include({ type: 'finish', finish_reason: 'tool_calls' });
  });

  it('reports a cut stream as incomplete after the text it received', async () => {
    fake.enqueue({ kind: 'cut', text: 'one two three', afterChunks: 1 });
    const { events, complete, failed } = await decodeStream(fake);
    expect(failed).to.equal(true);
    expect(complete).to.equal(false);
    expect(events.filter((e) => e.type === 'text_delta')).to.deep.equal([{ type: 'text_delta', index: 0, text: 'one ' }]);
  });

  it('throws on a malformed stream event', async () => {
    fake.enqueue({ kind: 'malformed' });
    const error = await rejectionOf(() => decodeStream(fake));
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.contain('not JSON');
  });
});

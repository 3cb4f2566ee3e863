import { expect } from 'chai';
import { createParser } from 'eventsource-parser';
import { StreamAssembler } from '../../../../../core/canonical/stream-assembly.js';
import type { StreamEvent } from '../../../../../core/canonical/index.js';
import format from '../../../../../plugins/formats/openai-responses/index.js';
import type { FakeReply, FakeUpstream } from '../../../../fixtures/providers/fake-upstream.js';
import { startFakeOpenAIResponses } from '../../../../fixtures/providers/openai/responses-server.js';

/** POSTs a streaming request to the fake and feeds its real bytes, chunk by chunk, to the decoder. */
async function decodeFakeStream(fake: FakeUpstream, reply: FakeReply, body: Record<string, unknown> = {}) {
  fake.enqueue(reply);
  const res = await fetch(`${fake.url}/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o', input: 'hi', stream: true, ...body }),
  });
  expect(res.headers.get('content-type')).to.equal('text/event-stream');
  const decoder = format.createStreamDecoder();
  const events: StreamEvent[] = [];
  const parser = createParser({ onEvent: (message) => events.push(...decoder.push(message)) });
  const text = new TextDecoder();
  try {
    for await (const chunk of res.body!) parser.feed(text.decode(chunk as Uint8Array, { stream: true }));
  } catch {
    // A cut connection ends the body with an error; the decoder decides completeness.
  }
  const end = decoder.end();
  events.push(...end.events);
  const assembler = new StreamAssembler();
  for (const event of events) assembler.push(event);
  return { events, complete: end.complete, response: assembler.result() };
}

describe('openai-responses stream decoder on the fake upstream\'s real bytes', () => {
  let fake: FakeUpstream;
  beforeEach(async () => {
    fake = await startFakeOpenAIResponses({ usage: { input: 11, output: 8, cached: 4 } });
  });
  afterEach(() => fake.close());

  it('decodes text and a reasoning summary with its encrypted content and usage', async () => {
    const { events, complete, response } = await decodeFakeStream(
      fake,
      { kind: 'text', text: 'The answer is 42.', thinking: 'Compute it.' },
      { include: ['reasoning.encrypted_content'] },
    );
    expect(complete).to.equal(true);
    expect(events[0]).to.deep.include({ type: 'start', model: 'gpt-4o' });
    expect(events.filter((e) => e.type === 'text_delta').length).to.be.greaterThan(1);
    const signature = events.find((e) => e.type === 'thinking_signature');
    expect(signature).to.have.property('redacted_data').that.is.a('string');
    expect(signature).to.have.property('id').that.matches(/^rs_/);
    expect(response.content).to.have.length(2);
    expect(response.content[0]).to.deep.include({
      type: 'thinking',
      text: 'Compute it.',
      redacted_data: (signature as { redacted_data: string }).redacted_data,
    });
    expect(response.content[1]).to.deep.equal({ type: 'text', text: 'The answer is 42.' });
    expect(response.finish_reason).to.equal('stop');
    expect(response.usage).to.deep.include({ input_tokens: 11, output_tokens: 8, total_tokens: 19, cached_input_tokens: 4 });
  });

  it('decodes parallel function calls after text and finishes with tool_calls', async () => {
    const { response } = await decodeFakeStream(fake, {
      kind: 'tool_calls',
      text: 'Checking.',
      calls: [
        { id: 'call_a', name: 'lookup', arguments: { q: 'alpha' } },
        { id: 'call_b', name: 'lookup', arguments: { q: 'beta' } },
      ],
    });
    expect(response.content).to.deep.equal([
      { type: 'text', text: 'Checking.' },
      { type: 'tool_call', id: 'call_a', name: 'lookup', arguments: '{"q":"alpha"}' },
      { type: 'tool_call', id: 'call_b', name: 'lookup', arguments: '{"q":"beta"}' },
    ]);
    expect(response.finish_reason).to.equal('tool_calls');
  });

  it('reports a cut stream as incomplete, keeping the text that arrived', async () => {
    const { complete, events } = await decodeFakeStream(fake, { kind: 'cut', text: 'one two three four', afterChunks: 2 });
    expect(complete).to.equal(false);
    expect(events.flatMap((e) => (e.type === 'text_delta' ? [e.text] : []))).to.deep.equal(['one ', 'two ']);
    expect(events.some((e) => e.type === 'finish')).to.equal(false);
  });

  it('decodes the fake\'s non-streamed answer like its stream', async () => {
    fake.enqueue({ kind: 'text', text: 'Plain.', thinking: 'Hmm.' });
    const res = await fetch(`${fake.url}/responses`, { method: 'POST', body: JSON.stringify({ model: 'gpt-4o', input: 'hi' }) });
    const response = format.decodeResponse(await res.json());
    expect(response.content.map((p) => p.type)).to.deep.equal(['thinking', 'text']);
    expect(response.usage).to.deep.include({ total_tokens: 19, cached_input_tokens: 4 });
  });
});

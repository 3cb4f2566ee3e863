import { expect } from 'chai';
import type { CanonicalRequest, EncodeContext, SseEvent, StreamEvent } from '../../../../../core/canonical/index.js';
import gemini from '../../../../../plugins/formats/gemini/index.js';
import { parseSse } from '../parse-sse.js';
import { decodeStream, encodeStream } from '../stream-codec.js';
import { deltaText } from '../stream-events.js';

const chunk = (parts: unknown[] | undefined, extra: Record<string, unknown> = {}) => ({
  data: JSON.stringify({
    candidates: [{ ...(parts ? { content: { role: 'model', parts } } : {}), index: 0, ...(extra.finishReason ? { finishReason: extra.finishReason } : {}) }],
    ...(extra.usageMetadata ? { usageMetadata: extra.usageMetadata } : {}),
    modelVersion: 'gemini-2.5-flash',
    responseId: 'r1',
  }),
});

function decodeAll(events: SseEvent[]): { events: StreamEvent[]; complete: boolean } {
  return decodeStream(gemini.createStreamDecoder(), events);
}

const context = (sse: boolean): EncodeContext => ({
  request: { model: 'auto', messages: [], sampling: {}, stream: true } as CanonicalRequest,
  model: 'gemini-2.5-flash',
  sse,
});

function encodeAll(events: StreamEvent[], sse: boolean): string {
  return encodeStream(gemini.createStreamEncoder(context(sse)), events);
}

describe('plugins/formats/gemini stream decoder', () => {
  it('turns SSE chunks into start, thinking, text with its signature, and a finish with the last usage', () => {
    const usage = { promptTokenCount: 4, candidatesTokenCount: 3, thoughtsTokenCount: 2, totalTokenCount: 9 };
    const { events, complete } = decodeAll([
      chunk([{ text: 'Let me think', thought: true }]),
      chunk([{ text: 'Hello', thoughtSignature: 'sig' }]),
      chunk([{ text: ' world' }]),
      chunk([{ text: '' }], { finishReason: 'STOP', usageMetadata: usage }),
    ]);
    expect(complete).to.equal(true);
    expect(events).to.deep.equal([
      { type: 'start', id: 'r1', model: 'gemini-2.5-flash' },
      { type: 'thinking_delta', index: 0, text: 'Let me think' },
      { type: 'part_end', index: 0 },
      { type: 'text_delta', index: 1, text: 'Hello', signature: 'sig' },
      { type: 'text_delta', index: 1, text: ' world' },
      { type: 'part_end', index: 1 },
      { type: 'finish', finish_reason: 'stop', usage: { input_tokens: 4, output_tokens: 5, total_tokens: 9, reasoning_tokens: 2 } },
    ]);
  });

  it('turns whole function calls into start, one arguments delta and end, and finishes with tool_calls', () => {
    const { events } = decodeAll([
      chunk([{ text: 'Checking.' }]),
      chunk(
        [
          { functionCall: { name: 'weather', args: { city: 'Paris' } }, thoughtSignature: 'sig' },
          { functionCall: { id: 'c2', name: 'time', args: {} } },
        ],
        { finishReason: 'STOP' },
      ),
    ]);
    expect(events.slice(1)).to.deep.equal([
      { type: 'text_delta', index: 0, text: 'Checking.' },
      { type: 'part_end', index: 0 },
      { type: 'tool_call_start', index: 1, id: 'gemini_call_r1_0', name: 'weather', signature: 'sig' },
      { type: 'tool_call_delta', index: 1, arguments: '{"city":"Paris"}' },
      { type: 'part_end', index: 1 },
      { type: 'tool_call_start', index: 2, id: 'c2', name: 'time' },
      { type: 'tool_call_delta', index: 2, arguments: '{}' },
      { type: 'part_end', index: 2 },
      { type: 'finish', finish_reason: 'tool_calls' },
    ]);
  });

  it('reports a stream that ended without a finish reason as incomplete', () => {
    const { events, complete } = decodeAll([chunk([{ text: 'Hel' }])]);
    expect(complete).to.equal(false);
    expect(events.map((e) => e.type)).to.deep.equal(['start', 'text_delta']);
  });

  it('turns an in-stream error object into an error event', () => {
    const decoder = gemini.createStreamDecoder();
    expect(decoder.push({ data: JSON.stringify({ error: { code: 503, message: 'overloaded', status: 'UNAVAILABLE' } }) })).to.deep.equal([
      { type: 'error', message: 'overloaded', error_type: 'UNAVAILABLE' },
    ]);
  });

  it('finishes a blocked prompt with content_filter', () => {
    const { events, complete } = decodeAll([{ data: JSON.stringify({ promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, responseId: 'r9' }) }]);
    expect(complete).to.equal(true);
    expect(events).to.deep.equal([
      { type: 'start', id: 'r9', model: '' },
      { type: 'finish', finish_reason: 'content_filter' },
    ]);
  });

  it('throws on an event that is not JSON', () => {
    expect(() => gemini.createStreamDecoder().push({ data: 'not json' })).to.throw(/not JSON/);
  });
});

describe('plugins/formats/gemini stream encoder', () => {
  const events: StreamEvent[] = [
    { type: 'start', id: 'msg_1', model: 'claude-x' },
    { type: 'thinking_delta', index: 0, text: 'hmm' },
    { type: 'thinking_signature', index: 0, signature: 'sig-a' },
    { type: 'part_end', index: 0 },
    { type: 'text_delta', index: 1, text: 'Hi' },
    { type: 'text_delta', index: 1, text: ' there' },
    { type: 'part_end', index: 1 },
    { type: 'tool_call_start', index: 2, id: 'toolu_1', name: 'f' },
    { type: 'tool_call_delta', index: 2, arguments: '{"a"' },
    { type: 'tool_call_delta', index: 2, arguments: ':1}' },
    { type: 'part_end', index: 2 },
    { type: 'usage', usage: { input_tokens: 5, output_tokens: 7, total_tokens: 12 } },
    { type: 'finish', finish_reason: 'tool_calls' },
  ];

  it('writes one data: event per GenerateContentResponse chunk, calls whole, finish and usage last', () => {
    const text = encodeAll(events, true);
    const chunks = parseSse(text).map((e) => JSON.parse(e.data) as Record<string, unknown>);
    expect(chunks).to.have.length(6);
    expect(chunks[0]).to.deep.equal({
      candidates: [{ content: { role: 'model', parts: [{ text: 'hmm', thought: true }] }, index: 0 }],
      modelVersion: 'gemini-2.5-flash',
      responseId: 'msg_1',
    });
    expect((chunks[4]!.candidates as unknown[])[0]).to.deep.equal({
      content: { role: 'model', parts: [{ functionCall: { id: 'toolu_1', name: 'f', args: { a: 1 } } }] },
      index: 0,
    });
    expect(chunks[5]).to.deep.equal({
      candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 7, totalTokenCount: 12 },
      modelVersion: 'gemini-2.5-flash',
      responseId: 'msg_1',
    });
  });

  it('round-trips through the decoder', () => {
    const { events: back, complete } = decodeAll(parseSse(encodeAll(events, true)));
    expect(complete).to.equal(true);
    const text = deltaText(back, 'text_delta');
    expect(text).to.equal('Hi there');
    expect(back.find((e) => e.type === 'thinking_signature')).to.deep.include({ signature: 'sig-a' });
    expect(back.find((e) => e.type === 'tool_call_start')).to.deep.include({ id: 'toolu_1', name: 'f' });
    expect(back.at(-1)).to.deep.equal({ type: 'finish', finish_reason: 'tool_calls', usage: { input_tokens: 5, output_tokens: 7, total_tokens: 12 } });
  });

  it('without alt=sse writes one JSON array of the same chunks', () => {
    const array = JSON.parse(encodeAll(events, false)) as unknown[];
    const sse = parseSse(encodeAll(events, true)).map((e) => JSON.parse(e.data) as unknown);
    expect(array).to.deep.equal(sse);
  });

  it('fails with exactly one data: event carrying error.message and error.type, and nothing after it', () => {
    const text = encodeStream(gemini.createStreamEncoder(context(true)), [{ type: 'text_delta', index: 0, text: 'partial' }], 'upstream stream terminated unexpectedly');
    const parsed = parseSse(text);
    expect(parsed).to.have.length(2);
    const last = JSON.parse(parsed[1]!.data) as { error: Record<string, unknown> };
    expect(last.error).to.deep.equal({ code: 500, message: 'upstream stream terminated unexpectedly', status: 'INTERNAL', type: 'upstream_error' });
    expect(text.endsWith(`${parsed[1]!.data}\n\n`)).to.equal(true);
  });

  it('fails a JSON-array stream with the error as its last element', () => {
    const text = encodeStream(gemini.createStreamEncoder(context(false)), [{ type: 'text_delta', index: 0, text: 'partial' }], 'boom');
    const array = JSON.parse(text) as Array<Record<string, unknown>>;
    expect(array).to.have.length(2);
    expect(array[1]).to.deep.equal({ error: { code: 500, message: 'boom', status: 'INTERNAL', type: 'upstream_error' } });
  });

  it('writes nothing after an upstream error event, and fail() adds no second error', () => {
    const encoder = gemini.createStreamEncoder(context(true));
    const first = encoder.write({ type: 'error', message: 'overloaded', error_type: 'upstream_error' });
    expect(parseSse(first)).to.have.length(1);
    expect(encoder.write({ type: 'text_delta', index: 0, text: 'late' })).to.equal('');
    expect(encoder.fail('again', 'upstream_error')).to.equal('');
    const array = gemini.createStreamEncoder(context(false));
    const text = array.open() + array.write({ type: 'error', message: 'x', error_type: 'upstream_error' }) + array.fail('y', 'upstream_error') + array.close();
    expect(JSON.parse(text)).to.deep.equal([{ error: { code: 500, message: 'x', status: 'INTERNAL', type: 'upstream_error' } }]);
  });

  it('answers a call whose arguments are not a JSON object with MALFORMED_FUNCTION_CALL instead of inventing arguments', () => {
    const text = encodeAll(
      [
        { type: 'start', id: 'x', model: 'm' },
        { type: 'tool_call_start', index: 0, id: 'c', name: 'f' },
        { type: 'tool_call_delta', index: 0, arguments: '{"a":' },
        { type: 'finish', finish_reason: 'tool_calls' },
      ],
      true,
    );
    const chunks = parseSse(text).map((e) => JSON.parse(e.data) as { candidates: Array<{ finishReason?: string }> });
    expect(chunks).to.have.length(1);
    expect(chunks[0]!.candidates[0]!.finishReason).to.equal('MALFORMED_FUNCTION_CALL');
  });

  it('keeps text and call signatures and leaves out made-up call ids', () => {
    const text = encodeAll(
      [
        { type: 'start', id: 'r1', model: 'm' },
        { type: 'text_delta', index: 0, text: 'ok', signature: 's1' },
        { type: 'tool_call_start', index: 1, id: 'gemini_call_r1_0', name: 'f', signature: 's2' },
        { type: 'part_end', index: 1 },
      ],
      true,
    );
    const parts = parseSse(text).map((e) => (JSON.parse(e.data) as { candidates: Array<{ content: { parts: unknown[] } }> }).candidates[0]!.content.parts[0]);
    expect(parts).to.deep.equal([{ text: 'ok', thoughtSignature: 's1' }, { functionCall: { name: 'f', args: {} }, thoughtSignature: 's2' }]);
  });
});

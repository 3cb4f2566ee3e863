import { expect } from 'chai';
import type { EncodeContext, StreamEvent } from '../../../../../core/canonical/index.js';
import anthropic from '../../../../../plugins/formats/anthropic-messages/index.js';
import { parseSse } from '../parse-sse.js';
import { encodeStream } from '../stream-codec.js';
import { anthropicEvent as ev } from './sse-events.js';

/** Expected events follow https://docs.anthropic.com/en/docs/build-with-claude/streaming. */
const context: EncodeContext = { request: { model: 'auto', messages: [], sampling: {}, stream: true }, model: 'claude-sonnet-4-5' };

function encodeAll(events: StreamEvent[]): string {
  return encodeStream(anthropic.createStreamEncoder(context), events);
}

function payloads(text: string): Array<Record<string, unknown>> {
  return parseSse(text).map((e) => {
    const data = JSON.parse(e.data) as Record<string, unknown>;
    expect(e.event, 'every frame names its event').to.equal(data.type);
    return data;
  });
}

describe('anthropic-messages stream encoder', () => {
  it('writes message_start, ping, numbered blocks, message_delta with usage and message_stop', () => {
    const text = encodeAll([
      { type: 'start', id: 'chatcmpl-1', model: 'gpt-4o' },
      { type: 'text_delta', index: 0, text: 'Calling ' },
      { type: 'text_delta', index: 0, text: 'tools.' },
      // OpenAI numbers tool calls apart from text; Anthropic blocks are renumbered in order.
      { type: 'tool_call_start', index: 3, id: 'call_a', name: 'f' },
      { type: 'tool_call_delta', index: 3, arguments: '{"x":' },
      { type: 'tool_call_delta', index: 3, arguments: '1}' },
      { type: 'tool_call_start', index: 4, id: 'call_b', name: 'g' },
      { type: 'tool_call_delta', index: 4, arguments: '{}' },
      { type: 'finish', finish_reason: 'tool_calls' },
      // A usage report after the finish reason still reaches message_delta.
      { type: 'usage', usage: { input_tokens: 30, output_tokens: 9, total_tokens: 39, cached_input_tokens: 10 } },
    ]);
    const events = payloads(text);
    expect(events.map((e) => e.type)).to.deep.equal([
      'message_start', 'ping',
      'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_stop',
      'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_stop',
      'content_block_start', 'content_block_delta', 'content_block_stop',
      'message_delta', 'message_stop',
    ]);
    expect(events[0]).to.deep.equal({
      type: 'message_start',
      message: {
        id: 'chatcmpl-1',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      },
    });
    expect(events[6]).to.deep.equal({ type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'call_a', name: 'f', input: {} } });
    expect(events[7]).to.deep.equal({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"x":' } });
    expect(events[10]).to.include({ index: 2 });
    expect(events[13]).to.deep.equal({
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { input_tokens: 20, output_tokens: 9, cache_creation_input_tokens: 0, cache_read_input_tokens: 10 },
    });
  });

  it('writes thinking with its signature and redacted thinking', () => {
    const events = payloads(
      encodeAll([
        { type: 'start', id: 'msg_1', model: 'm' },
        { type: 'thinking_delta', index: 0, text: 'Hmm' },
        { type: 'thinking_signature', index: 0, signature: 'sig==' },
        { type: 'part_end', index: 0 },
        { type: 'thinking_signature', index: 1, redacted_data: 'opaque' },
        { type: 'part_end', index: 1 },
        { type: 'finish', finish_reason: 'stop' },
      ]),
    );
    expect(events.slice(2, 8)).to.deep.equal([
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Hmm' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig==' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'redacted_thinking', data: 'opaque' } },
      { type: 'content_block_stop', index: 1 },
    ]);
  });

  it('starts and ends a well-formed message even when the upstream sent no start or finish', () => {
    const events = payloads(encodeAll([{ type: 'text_delta', index: 0, text: 'Hi' }]));
    expect(events.map((e) => e.type)).to.deep.equal([
      'message_start', 'ping', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop',
    ]);
    expect((events[0]!.message as { id: string }).id).to.match(/^msg_/);
    expect((events[5]!.delta as { stop_reason: string }).stop_reason).to.equal('end_turn');
  });

  it('fail() is exactly one error data event with error.message and error.type, and nothing follows it', () => {
    const encoder = anthropic.createStreamEncoder(context);
    const head = encoder.write({ type: 'start', id: 'msg_1', model: 'm' }) + encoder.write({ type: 'text_delta', index: 0, text: 'Hel' });
    const failure = encoder.fail('upstream stream terminated unexpectedly', 'upstream_error');
    const events = parseSse(failure);
    expect(events).to.have.length(1);
    expect(events[0]!.event).to.equal('error');
    expect(JSON.parse(events[0]!.data)).to.deep.equal({
      type: 'error',
      error: { type: 'upstream_error', message: 'upstream stream terminated unexpectedly' },
    });
    expect(encoder.write({ type: 'text_delta', index: 0, text: 'lo' })).to.equal('');
    expect(encoder.close()).to.equal('');
    expect(parseSse(head + failure).map((e) => e.event)).to.not.include('message_stop');
  });

  it('writes an upstream error event as an error frame and withholds message_stop', () => {
    const text = encodeAll([
      { type: 'start', id: 'msg_1', model: 'm' },
      { type: 'text_delta', index: 0, text: 'Hel' },
      { type: 'error', message: 'Overloaded', error_type: 'overloaded_error' },
    ]);
    const events = parseSse(text);
    expect(events.map((e) => e.event)).to.deep.equal(['message_start', 'ping', 'content_block_start', 'content_block_delta', 'error']);
    expect(JSON.parse(events[4]!.data)).to.deep.equal({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
  });

  it('re-encodes a decoded Anthropic stream to the same events', () => {
    const upstream = [
      ev('message_start', {
        message: {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4-5',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 25, output_tokens: 1, cache_creation_input_tokens: 3, cache_read_input_tokens: 100 },
        },
      }),
      ev('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }),
      ev('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'Think.' } }),
      ev('content_block_delta', { index: 0, delta: { type: 'signature_delta', signature: 'sig==' } }),
      ev('content_block_stop', { index: 0 }),
      ev('content_block_start', { index: 1, content_block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'q' } } }),
      ev('content_block_stop', { index: 1 }),
      ev('content_block_start', { index: 2, content_block: { type: 'text', text: '' } }),
      ev('content_block_delta', { index: 2, delta: { type: 'text_delta', text: 'Per E.' } }),
      ev('content_block_delta', { index: 2, delta: { type: 'citations_delta', citation: { type: 'web_search_result_location', url: 'https://e.com' } } }),
      ev('content_block_stop', { index: 2 }),
      ev('content_block_start', { index: 3, content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} } }),
      ev('content_block_delta', { index: 3, delta: { type: 'input_json_delta', partial_json: '{"a":1}' } }),
      ev('content_block_stop', { index: 3 }),
      ev('message_delta', {
        delta: { stop_reason: 'pause_turn', stop_sequence: null },
        usage: { input_tokens: 25, output_tokens: 40, cache_creation_input_tokens: 3, cache_read_input_tokens: 100 },
      }),
      ev('message_stop'),
    ];
    const decoder = anthropic.createStreamDecoder();
    const canonical = upstream.flatMap((e) => decoder.push(e));
    const again = payloads(encodeAll(canonical)).filter((e) => e.type !== 'ping');
    const original = upstream.map((e) => JSON.parse(e.data) as Record<string, unknown>);
    // message_start reports the prompt usage known so far; output counts arrive with message_delta.
    (original[0]!.message as { usage: Record<string, number> }).usage.output_tokens = 1;
    expect(again).to.deep.equal(original);
  });
});

import { expect } from 'chai';
import { FormatError, type StreamEvent } from '../../../../../core/canonical/index.js';
import anthropic, { JSON_OUTPUT_TOOL } from '../../../../../plugins/formats/anthropic-messages/index.js';
import { decodeStream } from '../stream-codec.js';
import { anthropicEvent as ev } from './sse-events.js';

/** Event sequences follow https://docs.anthropic.com/en/docs/build-with-claude/streaming. */
const messageStart = ev('message_start', {
  message: {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    content: [],
    model: 'claude-sonnet-4-5',
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 25, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 100 },
  },
});

function decodeAll(events: ReturnType<typeof ev>[]): { events: StreamEvent[]; complete: boolean } {
  return decodeStream(anthropic.createStreamDecoder(), events);
}

describe('anthropic-messages stream decoder', () => {
  it('decodes a text stream with ping, merging message_delta usage over message_start', () => {
    const { events, complete } = decodeAll([
      messageStart,
      ev('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
      ev('ping'),
      ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Hello' } }),
      ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: '!' } }),
      ev('content_block_stop', { index: 0 }),
      ev('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 15 } }),
      ev('message_stop'),
    ]);
    expect(complete).to.equal(true);
    expect(events).to.deep.equal([
      { type: 'start', id: 'msg_1', model: 'claude-sonnet-4-5' },
      { type: 'usage', usage: { input_tokens: 125, output_tokens: 1, total_tokens: 126, cached_input_tokens: 100, cache_creation_input_tokens: 0 } },
      { type: 'text_delta', index: 0, text: 'Hello' },
      { type: 'text_delta', index: 0, text: '!' },
      { type: 'part_end', index: 0 },
      {
        type: 'finish',
        finish_reason: 'stop',
        native_finish_reason: { format: 'anthropic-messages', value: 'end_turn' },
        usage: { input_tokens: 125, output_tokens: 15, total_tokens: 140, cached_input_tokens: 100, cache_creation_input_tokens: 0 },
      },
    ]);
  });

  it('decodes thinking, signature, redacted thinking and tool input deltas', () => {
    const { events } = decodeAll([
      messageStart,
      ev('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }),
      ev('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'Let me think' } }),
      ev('content_block_delta', { index: 0, delta: { type: 'signature_delta', signature: 'EqQBCgIYAhIM' } }),
      ev('content_block_stop', { index: 0 }),
      ev('content_block_start', { index: 1, content_block: { type: 'redacted_thinking', data: 'EmwKAhgB' } }),
      ev('content_block_stop', { index: 1 }),
      ev('content_block_start', { index: 2, content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} } }),
      ev('content_block_delta', { index: 2, delta: { type: 'input_json_delta', partial_json: '' } }),
      ev('content_block_delta', { index: 2, delta: { type: 'input_json_delta', partial_json: '{"city": "Pa' } }),
      ev('content_block_delta', { index: 2, delta: { type: 'input_json_delta', partial_json: 'ris"}' } }),
      ev('content_block_stop', { index: 2 }),
      ev('content_block_start', { index: 3, content_block: { type: 'tool_use', id: 'toolu_2', name: 'now', input: {} } }),
      ev('content_block_stop', { index: 3 }),
      ev('message_delta', { delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 40 } }),
      ev('message_stop'),
    ]);
    expect(events.slice(2, -1)).to.deep.equal([
      { type: 'thinking_delta', index: 0, text: 'Let me think' },
      { type: 'thinking_signature', index: 0, signature: 'EqQBCgIYAhIM' },
      { type: 'part_end', index: 0 },
      { type: 'thinking_signature', index: 1, redacted_data: 'EmwKAhgB' },
      { type: 'part_end', index: 1 },
      { type: 'tool_call_start', index: 2, id: 'toolu_1', name: 'get_weather' },
      { type: 'tool_call_delta', index: 2, arguments: '{"city": "Pa' },
      { type: 'tool_call_delta', index: 2, arguments: 'ris"}' },
      { type: 'part_end', index: 2 },
      { type: 'tool_call_start', index: 3, id: 'toolu_2', name: 'now' },
      { type: 'tool_call_delta', index: 3, arguments: '{}' },
      { type: 'part_end', index: 3 },
    ]);
    expect(events.at(-1)).to.include({ type: 'finish', finish_reason: 'tool_calls' });
  });

  it('streams the JSON-mode tool as text and finishes with a plain stop', () => {
    const { events } = decodeAll([
      messageStart,
      ev('content_block_start', { index: 0, content_block: { type: 'tool_use', id: 'toolu_j', name: JSON_OUTPUT_TOOL, input: {} } }),
      ev('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: '{"a":' } }),
      ev('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: '1}' } }),
      ev('content_block_stop', { index: 0 }),
      ev('message_delta', { delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 5 } }),
      ev('message_stop'),
    ]);
    expect(events.slice(2)).to.deep.equal([
      { type: 'text_delta', index: 0, text: '{"a":' },
      { type: 'text_delta', index: 0, text: '1}' },
      { type: 'part_end', index: 0 },
      {
        type: 'finish',
        finish_reason: 'stop',
        native_finish_reason: { format: 'anthropic-messages', value: 'end_turn' },
        usage: { input_tokens: 125, output_tokens: 5, total_tokens: 130, cached_input_tokens: 100, cache_creation_input_tokens: 0 },
      },
    ]);
  });

  it('gathers citations for part_end and delivers server-tool blocks whole', () => {
    const citation = { type: 'web_search_result_location', url: 'https://e.com', cited_text: 'c' };
    const { events } = decodeAll([
      messageStart,
      ev('content_block_start', { index: 0, content_block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} } }),
      ev('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: '{"query":"q"}' } }),
      ev('content_block_stop', { index: 0 }),
      ev('content_block_start', { index: 1, content_block: { type: 'text', text: '' } }),
      ev('content_block_delta', { index: 1, delta: { type: 'citations_delta', citation } }),
      ev('content_block_delta', { index: 1, delta: { type: 'text_delta', text: 'Per E.' } }),
      ev('content_block_stop', { index: 1 }),
    ]);
    expect(events.slice(2)).to.deep.equal([
      {
        type: 'part_end',
        index: 0,
        native: { format: 'anthropic-messages', block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'q' } } },
      },
      { type: 'text_delta', index: 1, text: 'Per E.' },
      { type: 'part_end', index: 1, citations: [citation] },
    ]);
  });

  it('decodes an in-stream error event and reports an unfinished stream as incomplete', () => {
    const { events, complete } = decodeAll([
      messageStart,
      ev('error', { error: { type: 'overloaded_error', message: 'Overloaded' } }),
    ]);
    expect(events.at(-1)).to.deep.equal({ type: 'error', message: 'Overloaded', error_type: 'overloaded_error' });
    expect(complete).to.equal(false);
  });

  it('throws FormatError on events that are not Anthropic JSON', () => {
    const decoder = anthropic.createStreamDecoder();
    expect(() => decoder.push({ event: 'message_start', data: 'not json' })).to.throw(FormatError);
    expect(() => decoder.push(ev('content_block_delta', { index: 4, delta: { type: 'text_delta', text: 'x' } }))).to.throw(FormatError);
  });
});

import { expect } from 'chai';
import { FormatError, type SseEvent, type StreamEvent } from '../../../../../core/canonical/index.js';
import format from '../../../../../plugins/formats/openai-responses/index.js';
import { decodeStream } from '../stream-codec.js';

/** Events as the streaming API reference shows them (responses-streaming), `event:` name plus data. */
function sse(type: string, payload: Record<string, unknown>, sequence: number): SseEvent {
  return { event: type, data: JSON.stringify({ type, sequence_number: sequence, ...payload }) };
}

function decodeAll(events: Array<[string, Record<string, unknown>]>): { events: StreamEvent[]; complete: boolean } {
  return decodeStream(format.createStreamDecoder(), events.map(([type, payload], i) => sse(type, payload, i)));
}

const created = (status = 'in_progress') => ({
  response: { id: 'resp_1', object: 'response', created_at: 1741290958, status, model: 'gpt-4.1-2025-04-14', output: [], usage: null },
});
const usage = {
  input_tokens: 30,
  input_tokens_details: { cached_tokens: 10 },
  output_tokens: 20,
  output_tokens_details: { reasoning_tokens: 8 },
  total_tokens: 50,
};

describe('openai-responses stream decoder', () => {
  it('decodes a text stream into start, text deltas, part end and finish with usage', () => {
    const text = { type: 'output_text', text: '', annotations: [] };
    const { events, complete } = decodeAll([
      ['response.created', created()],
      ['response.in_progress', created()],
      ['response.output_item.added', { output_index: 0, item: { id: 'msg_1', type: 'message', status: 'in_progress', role: 'assistant', content: [] } }],
      ['response.content_part.added', { item_id: 'msg_1', output_index: 0, content_index: 0, part: text }],
      ['response.output_text.delta', { item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Hi', logprobs: [] }],
      ['response.output_text.delta', { item_id: 'msg_1', output_index: 0, content_index: 0, delta: ' there', logprobs: [] }],
      ['response.output_text.done', { item_id: 'msg_1', output_index: 0, content_index: 0, text: 'Hi there', logprobs: [] }],
      ['response.content_part.done', { item_id: 'msg_1', output_index: 0, content_index: 0, part: { ...text, text: 'Hi there' } }],
      ['response.output_item.done', { output_index: 0, item: { id: 'msg_1', type: 'message', status: 'completed', role: 'assistant', content: [{ ...text, text: 'Hi there' }] } }],
      ['response.completed', { response: { ...created('completed').response, usage } }],
    ]);
    expect(events).to.deep.equal([
      { type: 'start', id: 'resp_1', model: 'gpt-4.1-2025-04-14', created: 1741290958 },
      { type: 'text_delta', index: 0, text: 'Hi' },
      { type: 'text_delta', index: 0, text: ' there' },
      { type: 'part_end', index: 0 },
      {
        type: 'finish',
        finish_reason: 'stop',
        usage: { input_tokens: 30, output_tokens: 20, total_tokens: 50, cached_input_tokens: 10, reasoning_tokens: 8 },
      },
    ]);
    expect(complete).to.equal(true);
  });

  it('decodes parallel function calls with streamed arguments and finishes with tool_calls', () => {
    const call = (i: number, callId: string) => ({ id: `fc_${i}`, type: 'function_call', status: 'in_progress', arguments: '', call_id: callId, name: 'get_weather' });
    const { events } = decodeAll([
      ['response.created', created()],
      ['response.output_item.added', { output_index: 0, item: call(0, 'call_a') }],
      ['response.function_call_arguments.delta', { item_id: 'fc_0', output_index: 0, delta: '{"city":' }],
      ['response.function_call_arguments.delta', { item_id: 'fc_0', output_index: 0, delta: '"Paris"}' }],
      ['response.function_call_arguments.done', { item_id: 'fc_0', output_index: 0, name: 'get_weather', arguments: '{"city":"Paris"}' }],
      ['response.output_item.done', { output_index: 0, item: { ...call(0, 'call_a'), status: 'completed', arguments: '{"city":"Paris"}' } }],
      ['response.output_item.added', { output_index: 1, item: call(1, 'call_b') }],
      ['response.function_call_arguments.done', { item_id: 'fc_1', output_index: 1, name: 'get_weather', arguments: '{"city":"Rome"}' }],
      ['response.output_item.done', { output_index: 1, item: { ...call(1, 'call_b'), status: 'completed', arguments: '{"city":"Rome"}' } }],
      ['response.completed', { response: { ...created('completed').response, usage } }],
    ]);
    expect(events.slice(1, -1)).to.deep.equal([
      { type: 'tool_call_start', index: 0, id: 'call_a', name: 'get_weather' },
      { type: 'tool_call_delta', index: 0, arguments: '{"city":' },
      { type: 'tool_call_delta', index: 0, arguments: '"Paris"}' },
      { type: 'part_end', index: 0 },
      { type: 'tool_call_start', index: 1, id: 'call_b', name: 'get_weather' },
      // Only the `.done` carried the arguments: they are delivered once, whole.
      { type: 'tool_call_delta', index: 1, arguments: '{"city":"Rome"}' },
      { type: 'part_end', index: 1 },
    ]);
    expect(events.at(-1)).to.deep.include({ type: 'finish', finish_reason: 'tool_calls' });
  });

  it('decodes reasoning summaries (parts joined by a blank line) with the item id and encrypted content', () => {
    const at = { item_id: 'rs_1', output_index: 0 };
    const { events } = decodeAll([
      ['response.created', created()],
      ['response.output_item.added', { output_index: 0, item: { id: 'rs_1', type: 'reasoning', summary: [] } }],
      ['response.reasoning_summary_part.added', { ...at, summary_index: 0, part: { type: 'summary_text', text: '' } }],
      ['response.reasoning_summary_text.delta', { ...at, summary_index: 0, delta: 'First.' }],
      ['response.reasoning_summary_text.done', { ...at, summary_index: 0, text: 'First.' }],
      ['response.reasoning_summary_part.done', { ...at, summary_index: 0, part: { type: 'summary_text', text: 'First.' } }],
      ['response.reasoning_summary_part.added', { ...at, summary_index: 1, part: { type: 'summary_text', text: '' } }],
      ['response.reasoning_summary_text.delta', { ...at, summary_index: 1, delta: 'Second.' }],
      [
        'response.output_item.done',
        {
          output_index: 0,
          item: {
            id: 'rs_1',
            type: 'reasoning',
            summary: [
              { type: 'summary_text', text: 'First.' },
              { type: 'summary_text', text: 'Second.' },
            ],
            encrypted_content: 'gAAAAenc',
          },
        },
      ],
      ['response.completed', { response: { ...created('completed').response, usage } }],
    ]);
    expect(events.slice(1, -1)).to.deep.equal([
      { type: 'thinking_delta', index: 0, text: 'First.' },
      { type: 'thinking_delta', index: 0, text: '\n\n' },
      { type: 'thinking_delta', index: 0, text: 'Second.' },
      { type: 'thinking_signature', index: 0, redacted_data: 'gAAAAenc', id: 'rs_1' },
      { type: 'part_end', index: 0 },
    ]);
  });

  it('delivers a built-in tool item whole as a native block', () => {
    const item = { id: 'ws_1', type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'news' } };
    const { events } = decodeAll([
      ['response.created', created()],
      ['response.output_item.added', { output_index: 0, item: { ...item, status: 'in_progress' } }],
      ['response.web_search_call.searching', { output_index: 0, item_id: 'ws_1' }],
      ['response.output_item.done', { output_index: 0, item }],
    ]);
    expect(events.slice(1)).to.deep.equal([{ type: 'part_end', index: 0, native: { format: 'openai-responses', block: item } }]);
  });

  it('maps response.incomplete to a length finish and refusal deltas to text', () => {
    const { events } = decodeAll([
      ['response.created', created()],
      ['response.content_part.added', { item_id: 'm', output_index: 0, content_index: 0, part: { type: 'refusal', refusal: '' } }],
      ['response.refusal.delta', { item_id: 'm', output_index: 0, content_index: 0, delta: 'No.' }],
      ['response.incomplete', { response: { ...created('incomplete').response, incomplete_details: { reason: 'max_output_tokens' }, usage } }],
    ]);
    expect(events.slice(1)).to.deep.equal([
      { type: 'text_delta', index: 0, text: 'No.' },
      { type: 'part_end', index: 0 },
      { type: 'finish', finish_reason: 'length', usage: { input_tokens: 30, output_tokens: 20, total_tokens: 50, cached_input_tokens: 10, reasoning_tokens: 8 } },
    ]);
  });

  it('turns response.failed and error events into canonical errors and stops', () => {
    const failed = decodeAll([
      ['response.created', created()],
      ['response.failed', { response: { ...created('failed').response, error: { code: 'server_error', message: 'The model crashed' } } }],
      ['response.output_text.delta', { output_index: 0, content_index: 0, delta: 'late' }],
    ]);
    expect(failed.events.slice(1)).to.deep.equal([{ type: 'error', message: 'The model crashed', error_type: 'server_error' }]);
    expect(failed.complete).to.equal(true);

    const error = decodeAll([['error', { code: 'rate_limit_exceeded', message: 'Slow down', param: null }]]);
    expect(error.events).to.deep.equal([{ type: 'error', message: 'Slow down', error_type: 'rate_limit_exceeded' }]);
  });

  it('reports an incomplete stream when no terminal event arrived', () => {
    const { complete } = decodeAll([
      ['response.created', created()],
      ['response.output_text.delta', { item_id: 'm', output_index: 0, content_index: 0, delta: 'Hel' }],
    ]);
    expect(complete).to.equal(false);
  });

  it('ignores empty data and [DONE], and answers FormatError for data that is not JSON', () => {
    const decoder = format.createStreamDecoder();
    expect(decoder.push({ data: '' })).to.deep.equal([]);
    expect(decoder.push({ data: '[DONE]' })).to.deep.equal([]);
    expect(() => decoder.push({ event: 'response.created', data: 'this is not json' })).to.throw(FormatError);
  });
});

import { expect } from 'chai';
import type { CanonicalRequest, EncodeContext, StreamEvent } from '../../../../../core/canonical/index.js';
import format from '../../../../../plugins/formats/openai-responses/index.js';
import { parseSse } from '../parse-sse.js';
import { encodeStream } from '../stream-codec.js';
import { sseJson } from './sse-text.js';

const request: CanonicalRequest = {
  model: 'auto',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
  sampling: {},
  stream: true,
};
const context: EncodeContext = { request, model: 'gpt-4o' };
const usage = { input_tokens: 12, output_tokens: 7, total_tokens: 19, cached_input_tokens: 2, reasoning_tokens: 3 };

function encode(events: StreamEvent[]): string {
  return encodeStream(format.createStreamEncoder(context), events);
}

describe('openai-responses stream encoder', () => {
  it('writes named events with their type and a sequence_number counting from 0', () => {
    const text = encode([
      { type: 'start', id: 'resp_1', model: 'gpt-4o-2024-08-06', created: 1700000000 },
      { type: 'text_delta', index: 0, text: 'Hel' },
      { type: 'text_delta', index: 0, text: 'lo' },
      { type: 'part_end', index: 0 },
      { type: 'finish', finish_reason: 'stop', usage },
    ]);
    const events = sseJson(text);
    expect(events.map((e) => e.event)).to.deep.equal([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    events.forEach((e, i) => {
      expect(e.data.type).to.equal(e.event);
      expect(e.data.sequence_number).to.equal(i);
    });
    const [createdEvent] = events;
    expect(createdEvent!.data.response).to.deep.include({ id: 'resp_1', object: 'response', status: 'in_progress', model: 'gpt-4o', created_at: 1700000000, output: [] });
    const itemId = events[2]!.data.item.id as string;
    expect(itemId).to.match(/^msg_/);
    for (const e of events.slice(3, 8)) expect(e.data.item_id).to.equal(itemId);
    expect(events[4]!.data).to.deep.include({ output_index: 0, content_index: 0, delta: 'Hel', logprobs: [] });
    expect(events[6]!.data.text).to.equal('Hello');
    const completed = events[9]!.data.response;
    expect(completed.status).to.equal('completed');
    expect(completed.output).to.deep.equal([
      { id: itemId, type: 'message', status: 'completed', content: [{ type: 'output_text', annotations: [], logprobs: [], text: 'Hello' }], role: 'assistant' },
    ]);
    expect(completed.usage).to.deep.equal({
      input_tokens: 12,
      input_tokens_details: { cached_tokens: 2 },
      output_tokens: 7,
      output_tokens_details: { reasoning_tokens: 3 },
      total_tokens: 19,
    });
  });

  it('encodes reasoning, then parallel function calls, closing everything before completion', () => {
    const events = sseJson(
      encode([
        { type: 'start', id: 'resp_2', model: 'o4-mini' },
        { type: 'thinking_delta', index: 0, text: 'Two cities.' },
        { type: 'thinking_signature', index: 0, redacted_data: 'gAAAA', id: 'rs_up' },
        { type: 'part_end', index: 0 },
        { type: 'tool_call_start', index: 1, id: 'call_a', name: 'get_weather' },
        { type: 'tool_call_start', index: 2, id: 'call_b', name: 'get_weather' },
        { type: 'tool_call_delta', index: 1, arguments: '{"city":"Paris"}' },
        { type: 'tool_call_delta', index: 2, arguments: '{"city":"Rome"}' },
        { type: 'finish', finish_reason: 'tool_calls' },
        { type: 'usage', usage },
      ]),
    );
    const names = events.map((e) => e.event);
    expect(names).to.deep.equal([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.reasoning_summary_part.added',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.done',
      'response.reasoning_summary_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events[7]!.data.item).to.deep.equal({ id: 'rs_up', type: 'reasoning', summary: [{ type: 'summary_text', text: 'Two cities.' }], encrypted_content: 'gAAAA' });
    expect(events[12]!.data).to.deep.include({ output_index: 1, name: 'get_weather', arguments: '{"city":"Paris"}' });
    const completed = events.at(-1)!.data.response;
    expect(completed.output.map((i: { type: string }) => i.type)).to.deep.equal(['reasoning', 'function_call', 'function_call']);
    expect(completed.output[2]).to.deep.include({ call_id: 'call_b', arguments: '{"city":"Rome"}', status: 'completed' });
    // Usage that arrives after the finish (as chat completions sends it) still lands in the response.
    expect(completed.usage.total_tokens).to.equal(19);
  });

  it('ends a length-limited stream with response.incomplete', () => {
    const events = sseJson(encode([{ type: 'text_delta', index: 0, text: 'cut' }, { type: 'finish', finish_reason: 'length' }]));
    const last = events.at(-1)!;
    expect(last.event).to.equal('response.incomplete');
    expect(last.data.response).to.deep.include({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } });
    // No start event was given: the encoder opened the response itself.
    expect(events[0]!.event).to.equal('response.created');
    expect(events[0]!.data.response.id).to.match(/^resp_/);
  });

  it('puts citations gathered while streaming on the text part', () => {
    const citation = { type: 'url_citation', url: 'https://e.x', title: 'E', start_index: 0, end_index: 1 };
    const events = sseJson(encode([{ type: 'text_delta', index: 0, text: 'E' }, { type: 'part_end', index: 0, citations: [citation] }]));
    const done = events.find((e) => e.event === 'response.output_item.done')!;
    expect(done.data.item.content[0].annotations).to.deep.equal([citation]);
  });

  it('sends a Responses native block as one whole item and skips other formats\' blocks', () => {
    const item = { id: 'ws_1', type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'q' } };
    const events = sseJson(
      encode([
        { type: 'part_end', index: 0, native: { format: 'openai-responses', block: item } },
        { type: 'part_end', index: 1, native: { format: 'anthropic-messages', block: { type: 'server_tool_use' } } },
        { type: 'text_delta', index: 2, text: 'Found.' },
      ]),
    );
    expect(events.slice(2, 4).map((e) => [e.event, e.data.output_index, e.data.item])).to.deep.equal([
      ['response.output_item.added', 0, item],
      ['response.output_item.done', 0, item],
    ]);
    expect(events.at(-1)!.data.response.output.map((i: { type: string }) => i.type)).to.deep.equal(['web_search_call', 'message']);
  });

  it('fail() is exactly one data event with error.message and error.type, and nothing follows', () => {
    const encoder = format.createStreamEncoder(context);
    const started = encoder.write({ type: 'start', id: 'resp_3', model: 'gpt-4o' }) + encoder.write({ type: 'text_delta', index: 0, text: 'partial' });
    const failure = encoder.fail('upstream stream terminated unexpectedly', 'upstream_error');
    const messages = parseSse(failure);
    expect(messages).to.have.length(1);
    expect(messages[0]!.event).to.equal('error');
    const data = JSON.parse(messages[0]!.data);
    expect(data.error).to.deep.include({ message: 'upstream stream terminated unexpectedly', type: 'upstream_error' });
    expect(data).to.deep.include({ type: 'error', message: 'upstream stream terminated unexpectedly', code: 'upstream_error', param: null });
    expect(data.sequence_number).to.equal(parseSse(started).length);
    expect(encoder.write({ type: 'text_delta', index: 0, text: 'more' })).to.equal('');
    expect(encoder.close()).to.equal('');
    expect(encoder.fail('again', 'x')).to.equal('');
  });

  it('writes a canonical error event as the same single failure event', () => {
    const text = encode([{ type: 'start', id: 'r', model: 'm' }, { type: 'error', message: 'overloaded', error_type: 'upstream_error' }]);
    const events = sseJson(text);
    expect(events.map((e) => e.event)).to.deep.equal(['response.created', 'response.in_progress', 'error']);
    expect(events[2]!.data.error).to.deep.include({ message: 'overloaded', type: 'upstream_error' });
  });
});

describe('openai-responses stream encoder (empty deltas)', () => {
  it('opens no item and no summary part for empty text or thinking deltas', () => {
    const events = sseJson(
      encode([
        { type: 'thinking_delta', index: 0, text: '' },
        { type: 'thinking_delta', index: 0, text: 'Idea.' },
        { type: 'text_delta', index: 1, text: '', signature: 'sig' },
        { type: 'text_delta', index: 1, text: 'Done.' },
      ]),
    );
    expect(events.filter((e) => e.event === 'response.reasoning_summary_part.added')).to.have.length(1);
    expect(events.filter((e) => e.event === 'response.output_text.delta').map((e) => e.data.delta)).to.deep.equal(['Done.']);
    expect(events.at(-1)!.data.response.output.map((i: { type: string }) => i.type)).to.deep.equal(['reasoning', 'message']);
  });
});

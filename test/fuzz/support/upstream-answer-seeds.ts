/**
 * Valid upstream answers of the five wire formats, as the providers document them: a whole
 * answer, the events of a streamed one (text and a tool call), and an error body. The upstream
 * fuzzer mutates these, so every decoder branch is first reached by a valid shape.
 */
import type { WireFormatId } from '../../../core/canonical/index.js';

/** One streamed event: its `event:` name (when the format names events) and its data. */
export interface SeedEvent {
  event?: string;
  data: unknown;
}

/** The seeds of one upstream format. */
export interface AnswerSeeds {
  whole: unknown[];
  events: SeedEvent[];
  error: unknown;
}

const ARGS = '{"city":"Paris"}';

/** Events named after their `type`, as Messages, Responses and v2 chat stream them. */
const named = (items: Array<Record<string, unknown>>): SeedEvent[] => items.map((data) => ({ event: String(data.type), data }));

export const ANSWER_SEEDS: Readonly<Record<WireFormatId, AnswerSeeds>> = {
  'openai-chat': {
    whole: [
      { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }], usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } },
      { id: 'chatcmpl-2', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: ARGS } }] }, finish_reason: 'tool_calls' }], usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } },
    ],
    events: [
      { data: { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] } },
      { data: { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'Hel' } }] } },
      { data: { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"ci' } }] } }] } },
      { data: { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: 'ty":"Paris"}' } }] } }] } },
      { data: { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] } },
      { data: { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } } },
      { data: '[DONE]' },
    ],
    error: { error: { message: 'bad request', type: 'invalid_request_error', param: null, code: null } },
  },
  'openai-responses': {
    whole: [
      {
        id: 'resp_1', object: 'response', created_at: 1, status: 'completed', model: 'm',
        output: [
          { type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'hi', annotations: [] }] },
          { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: ARGS, status: 'completed' },
        ],
        usage: { input_tokens: 3, output_tokens: 1, total_tokens: 4 },
      },
    ],
    events: named([
      { type: 'response.created', sequence_number: 0, response: { id: 'resp_1', object: 'response', created_at: 1, status: 'in_progress', model: 'm', output: [] } },
      { type: 'response.output_item.added', sequence_number: 1, output_index: 0, item: { type: 'message', id: 'msg_1', status: 'in_progress', role: 'assistant', content: [] } },
      { type: 'response.content_part.added', sequence_number: 2, item_id: 'msg_1', output_index: 0, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } },
      { type: 'response.output_text.delta', sequence_number: 3, item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Hel' },
      { type: 'response.output_text.done', sequence_number: 4, item_id: 'msg_1', output_index: 0, content_index: 0, text: 'Hel' },
      { type: 'response.output_item.done', sequence_number: 5, output_index: 0, item: { type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Hel', annotations: [] }] } },
      { type: 'response.function_call_arguments.delta', sequence_number: 6, item_id: 'fc_1', output_index: 1, delta: ARGS },
      { type: 'response.completed', sequence_number: 7, response: { id: 'resp_1', object: 'response', created_at: 1, status: 'completed', model: 'm', output: [], usage: { input_tokens: 3, output_tokens: 1, total_tokens: 4 } } },
    ]),
    error: { error: { message: 'bad request', type: 'invalid_request_error', param: null, code: null } },
  },
  'anthropic-messages': {
    whole: [
      {
        id: 'msg_1', type: 'message', role: 'assistant', model: 'm',
        content: [{ type: 'thinking', thinking: 'hmm', signature: 'sig' }, { type: 'text', text: 'hi' }, { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }],
        stop_reason: 'tool_use', stop_sequence: null, usage: { input_tokens: 3, output_tokens: 1 },
      },
    ],
    events: named([
      { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 3, output_tokens: 0 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hel' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: ARGS } },
      { type: 'content_block_stop', index: 1 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 1 } },
      { type: 'message_stop' },
    ]),
    error: { type: 'error', error: { type: 'invalid_request_error', message: 'bad request' } },
  },
  gemini: {
    whole: [
      {
        candidates: [{ content: { role: 'model', parts: [{ text: 'hi' }, { functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 1, totalTokenCount: 4 },
        modelVersion: 'm',
      },
    ],
    events: [
      { data: { candidates: [{ content: { role: 'model', parts: [{ text: 'Hel' }] }, index: 0 }], modelVersion: 'm' } },
      { data: { candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] }, index: 0 }] } },
      { data: { candidates: [{ content: { role: 'model', parts: [{ text: 'lo' }] }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 1, totalTokenCount: 4 } } },
    ],
    error: { error: { code: 400, message: 'bad request', status: 'INVALID_ARGUMENT' } },
  },
  'cohere-v2': {
    whole: [
      {
        id: 'c1', finish_reason: 'TOOL_CALL',
        message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }], tool_plan: 'look', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: ARGS } }] },
        usage: { billed_units: { input_tokens: 3, output_tokens: 1 }, tokens: { input_tokens: 3, output_tokens: 1 } },
      },
    ],
    events: named([
      { type: 'message-start', id: 'c1', delta: { message: { role: 'assistant', content: [], tool_plan: '', tool_calls: [] } } },
      { type: 'content-start', index: 0, delta: { message: { content: { type: 'text', text: '' } } } },
      { type: 'content-delta', index: 0, delta: { message: { content: { text: 'Hel' } } } },
      { type: 'content-end', index: 0 },
      { type: 'tool-call-start', index: 0, delta: { message: { tool_calls: { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } } } } },
      { type: 'tool-call-delta', index: 0, delta: { message: { tool_calls: { function: { arguments: ARGS } } } } },
      { type: 'tool-call-end', index: 0 },
      { type: 'message-end', delta: { finish_reason: 'COMPLETE', usage: { billed_units: { input_tokens: 3, output_tokens: 1 }, tokens: { input_tokens: 3, output_tokens: 1 } } } },
    ]),
    error: { message: 'bad request' },
  },
};

import { FormatError, type SseEvent, type StreamDecoder, type StreamEvent, type Usage } from '../../../core/plugin/index.js';
import { expectObject, isObject, optionalString, requireString, type JsonObject } from '../../shared/formats/json-fields.js';
import { JSON_OUTPUT_TOOL } from './json-output.js';
import { decodeStopReason, nativeStopReason } from './stop-reason.js';
import { decodeUsage } from './usage.js';

/**
 * Upstream Messages SSE -> canonical stream events, one upstream event at a time
 * (https://docs.anthropic.com/en/docs/build-with-claude/streaming): `message_start`,
 * `content_block_start` / `_delta` (text, input_json, thinking, signature, citations) / `_stop`,
 * `message_delta` (stop reason, cumulative usage), `message_stop`, `ping`, `error`.
 * Block indexes are the canonical part indexes. The JSON-mode tool streams as text; blocks
 * without a canonical type are assembled and delivered whole on `part_end.native`.
 */

const FORMAT = 'anthropic-messages';

type Block =
  | { kind: 'text'; citations: unknown[] }
  | { kind: 'thinking' }
  | { kind: 'tool'; sawArguments: boolean }
  | { kind: 'json_answer'; sawArguments: boolean }
  | { kind: 'native'; block: JsonObject; partialJson: string };

/** A decoder for one upstream stream. */
export function createStreamDecoder(): StreamDecoder {
  const blocks = new Map<number, Block>();
  let startUsage: JsonObject = {};
  let complete = false;
  let jsonAnswer = false;
  let calledTools = false;

  const parse = (event: SseEvent): JsonObject => {
    let value: unknown;
    try {
      value = JSON.parse(event.data);
    } catch {
      throw new FormatError(`upstream stream event${event.event ? ` ${event.event}` : ''} is not JSON`);
    }
    return expectObject(value, 'event');
  };

  const index = (data: JsonObject): number => {
    if (typeof data.index !== 'number') throw new FormatError('upstream stream event has no block index', 'index');
    return data.index;
  };

  function blockStart(data: JsonObject): StreamEvent[] {
    const at = index(data);
    const block = expectObject(data.content_block, 'content_block');
    switch (block.type) {
      case 'text': {
        blocks.set(at, { kind: 'text', citations: [] });
        const text = optionalString(block, 'text', 'content_block');
        return text ? [{ type: 'text_delta', index: at, text }] : [];
      }
      case 'thinking': {
        blocks.set(at, { kind: 'thinking' });
        const out: StreamEvent[] = [];
        const text = optionalString(block, 'thinking', 'content_block');
        if (text) out.push({ type: 'thinking_delta', index: at, text });
        const signature = optionalString(block, 'signature', 'content_block');
        if (signature) out.push({ type: 'thinking_signature', index: at, signature });
        return out;
      }
      case 'redacted_thinking':
        blocks.set(at, { kind: 'thinking' });
        return [{ type: 'thinking_signature', index: at, redacted_data: requireString(block, 'data', 'content_block') }];
      case 'tool_use': {
        const initial = isObject(block.input) && Object.keys(block.input).length > 0 ? JSON.stringify(block.input) : '';
        if (block.name === JSON_OUTPUT_TOOL) {
          jsonAnswer = true;
          blocks.set(at, { kind: 'json_answer', sawArguments: initial !== '' });
          return initial ? [{ type: 'text_delta', index: at, text: initial }] : [];
        }
        calledTools = true;
        blocks.set(at, { kind: 'tool', sawArguments: initial !== '' });
        const out: StreamEvent[] = [
          { type: 'tool_call_start', index: at, id: requireString(block, 'id', 'content_block'), name: requireString(block, 'name', 'content_block') },
        ];
        if (initial) out.push({ type: 'tool_call_delta', index: at, arguments: initial });
        return out;
      }
      default:
        requireString(block, 'type', 'content_block');
        blocks.set(at, { kind: 'native', block: { ...block }, partialJson: '' });
        return [];
    }
  }

  function blockDelta(data: JsonObject): StreamEvent[] {
    const at = index(data);
    const block = blocks.get(at);
    const delta = expectObject(data.delta, 'delta');
    if (!block) throw new FormatError(`upstream stream delta for block ${at}, which never started`, 'index');
    switch (delta.type) {
      case 'text_delta':
        return [{ type: 'text_delta', index: at, text: requireString(delta, 'text', 'delta') }];
      case 'thinking_delta':
        return [{ type: 'thinking_delta', index: at, text: requireString(delta, 'thinking', 'delta') }];
      case 'signature_delta':
        return [{ type: 'thinking_signature', index: at, signature: requireString(delta, 'signature', 'delta') }];
      case 'citations_delta':
        if (block.kind === 'text') block.citations.push(delta.citation);
        return [];
      case 'input_json_delta': {
        const fragment = requireString(delta, 'partial_json', 'delta');
        if (block.kind === 'native') block.partialJson += fragment;
        if (fragment === '' || (block.kind !== 'tool' && block.kind !== 'json_answer')) return [];
        block.sawArguments = true;
        return block.kind === 'tool'
          ? [{ type: 'tool_call_delta', index: at, arguments: fragment }]
          : [{ type: 'text_delta', index: at, text: fragment }];
      }
      default:
        // Delta types newer than this adapter carry nothing the canonical model has.
        return [];
    }
  }

  function blockStop(data: JsonObject): StreamEvent[] {
    const at = index(data);
    const block = blocks.get(at);
    const out: StreamEvent[] = [];
    if (block?.kind === 'tool' && !block.sawArguments) out.push({ type: 'tool_call_delta', index: at, arguments: '{}' });
    if (block?.kind === 'json_answer' && !block.sawArguments) out.push({ type: 'text_delta', index: at, text: '{}' });
    if (block?.kind === 'native') {
      const native = block.block;
      if (block.partialJson !== '') native.input = parseInput(block.partialJson);
      out.push({ type: 'part_end', index: at, native: { format: FORMAT, block: native } });
      return out;
    }
    if (block?.kind === 'text' && block.citations.length > 0) out.push({ type: 'part_end', index: at, citations: block.citations });
    else out.push({ type: 'part_end', index: at });
    return out;
  }

  function messageDelta(data: JsonObject): StreamEvent[] {
    const delta = isObject(data.delta) ? data.delta : {};
    // message_delta usage counters are cumulative totals; absent ones keep message_start's.
    const merged: JsonObject = { ...startUsage };
    if (isObject(data.usage)) {
      for (const [key, value] of Object.entries(data.usage)) if (value !== null && value !== undefined) merged[key] = value;
    }
    const usage: Usage = decodeUsage(merged);
    const reason = jsonAnswer && !calledTools && delta.stop_reason === 'tool_use' ? 'end_turn' : delta.stop_reason;
    const finish: StreamEvent & { type: 'finish' } = { type: 'finish', finish_reason: decodeStopReason(reason), usage };
    const native = nativeStopReason(reason);
    if (native) finish.native_finish_reason = native;
    const stopSequence = optionalString(delta, 'stop_sequence', 'delta');
    if (stopSequence !== undefined) finish.stop_sequence = stopSequence;
    return [finish];
  }

  return {
    push(event: SseEvent): StreamEvent[] {
      if (event.event === 'ping' || event.data === '') return [];
      const data = parse(event);
      switch (data.type ?? event.event) {
        case 'message_start': {
          const message = expectObject(data.message, 'message');
          if (isObject(message.usage)) startUsage = { ...message.usage };
          const out: StreamEvent[] = [
            { type: 'start', id: requireString(message, 'id', 'message'), model: requireString(message, 'model', 'message') },
          ];
          if (isObject(message.usage)) out.push({ type: 'usage', usage: decodeUsage(startUsage) });
          return out;
        }
        case 'content_block_start':
          return blockStart(data);
        case 'content_block_delta':
          return blockDelta(data);
        case 'content_block_stop':
          return blockStop(data);
        case 'message_delta':
          return messageDelta(data);
        case 'message_stop':
          complete = true;
          return [];
        case 'error': {
          const error = isObject(data.error) ? data.error : {};
          return [
            {
              type: 'error',
              message: typeof error.message === 'string' ? error.message : 'upstream stream error',
              error_type: typeof error.type === 'string' ? error.type : 'api_error',
            },
          ];
        }
        default:
          // `ping` and event types newer than this adapter.
          return [];
      }
    },
    end() {
      return { events: [], complete };
    },
  };
}

function parseInput(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new FormatError('upstream stream ended a block with input that is not JSON', 'partial_json');
  }
}

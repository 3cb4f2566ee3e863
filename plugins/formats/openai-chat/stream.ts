import { type EncodeContext, type FinishReason, FormatError, type SseEvent, type StreamDecoder, type StreamEncoder, type StreamEvent, type Usage } from '../../../core/plugin/index.js';
import { decodeFinishReason, encodeFinishReason } from './finish-reason.js';
import { isObject, type JsonObject } from '../../shared/formats/json-fields.js';
import { decodeErrorObject, parseEventData } from '../../shared/formats/stream-event-data.js';
import { decodeUsage, encodeUsage } from './usage.js';

/**
 * Chat Completions streaming (https://platform.openai.com/docs/api-reference/chat-streaming):
 * `data: {chat.completion.chunk}` events with `choices[].delta`, tool-call deltas keyed by
 * `index` (id, type and name on the first one), a final `choices: []` chunk carrying `usage`
 * when `stream_options.include_usage` is set, then `data: [DONE]`. Only choice 0 is read.
 */

function sse(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

/** Upstream chunks -> canonical events. The finish waits for the usage chunk (or [DONE]) so it carries usage. */
export function createStreamDecoder(): StreamDecoder {
  let started = false;
  let done = false;
  let finishSeen = false;
  let pending: FinishReason | undefined;
  let usage: Usage | undefined;
  let nextIndex = 0;
  let open: { key: string; index: number } | undefined;
  const toolParts = new Map<number, number>();

  const closeOpen = (out: StreamEvent[]): void => {
    if (open) out.push({ type: 'part_end', index: open.index });
    open = undefined;
  };
  const partFor = (key: string, out: StreamEvent[]): number => {
    if (open?.key === key) return open.index;
    closeOpen(out);
    open = { key, index: nextIndex++ };
    return open.index;
  };
  const flushFinish = (out: StreamEvent[]): StreamEvent[] => {
    closeOpen(out);
    if (pending) out.push(usage ? { type: 'finish', finish_reason: pending, usage } : { type: 'finish', finish_reason: pending });
    pending = undefined;
    return out;
  };

  const readDelta = (delta: JsonObject, out: StreamEvent[]): void => {
    const reasoning = typeof delta.reasoning_content === 'string' ? delta.reasoning_content : delta.reasoning;
    if (typeof reasoning === 'string' && reasoning) out.push({ type: 'thinking_delta', index: partFor('thinking', out), text: reasoning });
    // A streamed refusal has no canonical event of its own; it reaches the client as text.
    for (const key of ['content', 'refusal'] as const) {
      const text = delta[key];
      if (typeof text === 'string' && text) out.push({ type: 'text_delta', index: partFor('text', out), text });
    }
    if (!Array.isArray(delta.tool_calls)) return;
    delta.tool_calls.forEach((raw, position) => {
      if (!isObject(raw)) return;
      const toolIndex = typeof raw.index === 'number' ? raw.index : position;
      const fn = isObject(raw.function) ? raw.function : {};
      let index = toolParts.get(toolIndex);
      if (index === undefined) {
        index = partFor(`tool:${toolIndex}`, out);
        toolParts.set(toolIndex, index);
        const id = typeof raw.id === 'string' ? raw.id : `call_${toolIndex}`;
        out.push({ type: 'tool_call_start', index, id, name: typeof fn.name === 'string' ? fn.name : '' });
      }
      if (typeof fn.arguments === 'string' && fn.arguments) out.push({ type: 'tool_call_delta', index, arguments: fn.arguments });
    });
  };

  return {
    push(event: SseEvent): StreamEvent[] {
      if (done) return [];
      const data = event.data.trim();
      if (data === '[DONE]') {
        done = true;
        return flushFinish([]);
      }
      const chunk = parseEventData(data);
      if (isObject(chunk.error)) return [decodeErrorObject(chunk.error)];
      // Every chunk has `choices` (empty on the final usage chunk); some compatible servers leave
      // it out there, but then send `usage`. Anything else is not this format's event.
      if (!Array.isArray(chunk.choices) && !isObject(chunk.usage)) throw new FormatError('stream event is not a chat completion chunk (no choices)');
      const out: StreamEvent[] = [];
      if (!started) {
        started = true;
        const start: StreamEvent = { type: 'start', id: String(chunk.id ?? ''), model: String(chunk.model ?? '') };
        if (typeof chunk.created === 'number') start.created = chunk.created;
        out.push(start);
      }
      const choices = Array.isArray(chunk.choices) ? chunk.choices.filter(isObject) : [];
      const choice = choices.find((c) => c.index === undefined || c.index === 0);
      if (choice) {
        if (isObject(choice.delta)) readDelta(choice.delta, out);
        if (choice.finish_reason !== undefined && choice.finish_reason !== null) {
          closeOpen(out);
          finishSeen = true;
          pending = decodeFinishReason(choice.finish_reason);
        }
      }
      const chunkUsage = decodeUsage(chunk.usage);
      if (chunkUsage) {
        usage = chunkUsage;
        if (pending) flushFinish(out);
        else if (finishSeen) out.push({ type: 'usage', usage: chunkUsage });
      }
      return out;
    },
    end() {
      if (done) return { events: [], complete: true };
      return { events: flushFinish([]), complete: finishSeen };
    },
  };
}

/** Canonical events -> client chunks. */
export function createStreamEncoder(context: EncodeContext): StreamEncoder {
  const includeUsage = context.request.stream_include_usage === true;
  let id = `chatcmpl-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  let created = Math.floor(Date.now() / 1000);
  let roleSent = false;
  let finished = false;
  let failed = false;
  let usage: Usage | undefined;
  const toolIndexes = new Map<number, number>();

  const chunk = (delta: JsonObject, finishReason: string | null = null): string => {
    const body: JsonObject = {
      id,
      object: 'chat.completion.chunk',
      created,
      model: context.model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    };
    // With include_usage every chunk but the last carries `usage: null`, as OpenAI sends it.
    if (includeUsage) body.usage = null;
    return sse(body);
  };
  const withRole = (delta: JsonObject): JsonObject => {
    if (roleSent) return delta;
    roleSent = true;
    return { role: 'assistant', ...delta };
  };

  return {
    open: () => '',
    write(event: StreamEvent): string {
      if (failed) return '';
      switch (event.type) {
        case 'start':
          if (event.id) id = event.id;
          if (event.created !== undefined) created = event.created;
          roleSent = true;
          return chunk({ role: 'assistant', content: '', refusal: null });
        case 'text_delta':
          return chunk(withRole({ content: event.text }));
        case 'thinking_delta':
          return chunk(withRole({ reasoning_content: event.text }));
        case 'tool_call_start': {
          const index = toolIndexes.size;
          toolIndexes.set(event.index, index);
          const call = { index, id: event.id, type: 'function', function: { name: event.name, arguments: '' } };
          return chunk(withRole({ tool_calls: [call] }));
        }
        case 'tool_call_delta': {
          const index = toolIndexes.get(event.index) ?? 0;
          return chunk(withRole({ tool_calls: [{ index, function: { arguments: event.arguments } }] }));
        }
        case 'usage':
          usage = event.usage;
          return '';
        case 'finish':
          if (event.usage) usage = event.usage;
          if (finished) return '';
          finished = true;
          return chunk(withRole({}), encodeFinishReason(event.finish_reason));
        case 'error':
          failed = true;
          return sse({ error: { message: event.message, type: event.error_type, param: null, code: null } });
        default:
          return '';
      }
    },
    close(): string {
      if (failed) return '';
      let out = finished ? '' : chunk(withRole({}), 'stop');
      finished = true;
      if (includeUsage && usage) {
        out += sse({ id, object: 'chat.completion.chunk', created, model: context.model, choices: [], usage: encodeUsage(usage) });
      }
      return `${out}data: [DONE]\n\n`;
    },
    fail(message: string, type: string): string {
      failed = true;
      return sse({ error: { message, type, param: null, code: null } });
    },
  };
}

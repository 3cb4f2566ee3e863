import { type EncodeContext, type FinishReason, FormatError, type SseEvent, type StreamDecoder, type StreamEncoder, type StreamEvent, type Usage } from '../../../core/plugin/index.js';
import { isObject, type JsonObject } from '../../shared/formats/json-fields.js';
import { decodeErrorObject, parseEventData } from '../../shared/formats/stream-event-data.js';
import { decodeFinishReason, encodeFinishReason } from './finish-reason.js';
import { decodeUsage, encodeUsage } from './usage.js';

/**
 * Cohere v2 chat streaming (https://docs.cohere.com/v2/docs/streaming,
 * https://docs.cohere.com/v2/docs/tool-use-streaming): `event: <type>` / `data: {"type": ...}`
 * pairs: message-start, content-start/-delta/-end (text or thinking, `index` counts content
 * blocks), tool-plan-delta, tool-call-start/-delta/-end (`index` counts tool calls),
 * citation-start/-end, and message-end carrying `finish_reason` and `usage`. No `[DONE]`.
 */

function message(delta: unknown): JsonObject {
  return isObject(delta) && isObject(delta.message) ? delta.message : {};
}

/** Upstream events -> canonical events. */
export function createStreamDecoder(): StreamDecoder {
  let started = false;
  let ended = false;
  let nextIndex = 0;
  let planIndex: number | undefined;
  const contentParts = new Map<number, { index: number; kind: 'text' | 'thinking' }>();
  const toolParts = new Map<number, number>();

  const closePlan = (out: StreamEvent[]): void => {
    if (planIndex !== undefined) out.push({ type: 'part_end', index: planIndex });
    planIndex = undefined;
  };
  const start = (out: StreamEvent[], id: unknown): void => {
    if (started) return;
    started = true;
    out.push({ type: 'start', id: typeof id === 'string' ? id : '', model: '' });
  };

  return {
    push(event: SseEvent): StreamEvent[] {
      if (ended || event.data.trim() === '[DONE]') return [];
      const data = parseEventData(event.data);
      const out: StreamEvent[] = [];
      const type = typeof data.type === 'string' ? data.type : event.event;
      if (!type) throw new FormatError('stream event has no type');
      const index = typeof data.index === 'number' ? data.index : 0;
      const msg = message(data.delta);
      if (type !== 'message-start') start(out, undefined);
      switch (type) {
        case 'message-start':
          start(out, data.id);
          break;
        case 'content-start': {
          closePlan(out);
          const content = isObject(msg.content) ? msg.content : {};
          const kind = content.type === 'thinking' ? 'thinking' : 'text';
          const part = { index: nextIndex++, kind } as const;
          contentParts.set(index, part);
          const text = kind === 'thinking' ? content.thinking : content.text;
          if (typeof text === 'string' && text) out.push({ type: kind === 'thinking' ? 'thinking_delta' : 'text_delta', index: part.index, text });
          break;
        }
        case 'content-delta': {
          const content = isObject(msg.content) ? msg.content : {};
          let part = contentParts.get(index);
          if (!part) {
            part = { index: nextIndex++, kind: typeof content.thinking === 'string' ? 'thinking' : 'text' };
            contentParts.set(index, part);
          }
          if (typeof content.thinking === 'string' && content.thinking) out.push({ type: 'thinking_delta', index: part.index, text: content.thinking });
          if (typeof content.text === 'string' && content.text) out.push({ type: 'text_delta', index: part.index, text: content.text });
          break;
        }
        case 'content-end': {
          const part = contentParts.get(index);
          if (part) out.push({ type: 'part_end', index: part.index });
          contentParts.delete(index);
          break;
        }
        case 'tool-plan-delta': {
          if (typeof msg.tool_plan !== 'string' || !msg.tool_plan) break;
          if (planIndex === undefined) planIndex = nextIndex++;
          out.push({ type: 'text_delta', index: planIndex, text: msg.tool_plan });
          break;
        }
        case 'tool-call-start': {
          closePlan(out);
          const call = isObject(msg.tool_calls) ? msg.tool_calls : {};
          const fn = isObject(call.function) ? call.function : {};
          const part = nextIndex++;
          toolParts.set(index, part);
          const id = typeof call.id === 'string' ? call.id : `call_${index}`;
          out.push({ type: 'tool_call_start', index: part, id, name: typeof fn.name === 'string' ? fn.name : '' });
          if (typeof fn.arguments === 'string' && fn.arguments) out.push({ type: 'tool_call_delta', index: part, arguments: fn.arguments });
          break;
        }
        case 'tool-call-delta': {
          const call = isObject(msg.tool_calls) ? msg.tool_calls : {};
          const fn = isObject(call.function) ? call.function : {};
          const part = toolParts.get(index);
          if (part !== undefined && typeof fn.arguments === 'string' && fn.arguments) {
            out.push({ type: 'tool_call_delta', index: part, arguments: fn.arguments });
          }
          break;
        }
        case 'tool-call-end': {
          const part = toolParts.get(index);
          if (part !== undefined) out.push({ type: 'part_end', index: part });
          toolParts.delete(index);
          break;
        }
        case 'message-end': {
          ended = true;
          closePlan(out);
          const delta = isObject(data.delta) ? data.delta : {};
          if (typeof delta.error === 'string' && delta.error) out.push({ type: 'error', message: delta.error, error_type: 'upstream_error' });
          const usage = decodeUsage(delta.usage);
          const finish: StreamEvent = { type: 'finish', finish_reason: decodeFinishReason(delta.finish_reason) };
          if (usage) finish.usage = usage;
          out.push(finish);
          break;
        }
        default:
          // citation-start/-end and debug events have no canonical counterpart.
          if (isObject(data.error)) out.push(decodeErrorObject(data.error));
      }
      return out;
    },
    end() {
      return { events: [], complete: ended };
    },
  };
}

function sse(type: string, payload: JsonObject): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...payload })}\n\n`;
}

/** Canonical events -> client events. */
export function createStreamEncoder(_context: EncodeContext): StreamEncoder {
  let id = `gen-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  let started = false;
  let failed = false;
  let closed = false;
  let contentCount = 0;
  let toolCount = 0;
  let finish: { reason: FinishReason; stopSequence?: string } | undefined;
  let usage: Usage | undefined;
  const parts = new Map<number, { kind: 'content' | 'tool'; index: number; open: boolean }>();

  const startText = (): string => {
    if (started) return '';
    started = true;
    return sse('message-start', { id, delta: { message: { role: 'assistant' } } });
  };
  const endPart = (canonicalIndex: number): string => {
    const part = parts.get(canonicalIndex);
    if (!part?.open) return '';
    part.open = false;
    return sse(part.kind === 'content' ? 'content-end' : 'tool-call-end', { index: part.index });
  };
  const endAll = (): string => [...parts.keys()].map(endPart).join('');
  const content = (canonicalIndex: number, kind: 'text' | 'thinking', text: string): string => {
    let out = startText();
    let part = parts.get(canonicalIndex);
    if (!part) {
      part = { kind: 'content', index: contentCount++, open: true };
      parts.set(canonicalIndex, part);
      out += sse('content-start', { index: part.index, delta: { message: { content: { type: kind, [kind]: '' } } } });
    }
    return out + sse('content-delta', { index: part.index, delta: { message: { content: { [kind]: text } } } });
  };
  const failure = (text: string, type: string): string => {
    failed = true;
    // Cohere's own in-stream failure is a message-end with finish_reason ERROR and `error`;
    // `error.message`/`error.type` make it the gateway's one stream failure event as well.
    return sse('message-end', { delta: { finish_reason: 'ERROR', error: text }, error: { message: text, type } });
  };

  return {
    open: () => '',
    write(event: StreamEvent): string {
      if (failed || closed) return '';
      switch (event.type) {
        case 'start':
          if (event.id) id = event.id;
          return startText();
        case 'text_delta':
          return content(event.index, 'text', event.text);
        case 'thinking_delta':
          return content(event.index, 'thinking', event.text);
        case 'tool_call_start': {
          let out = startText() + endAll();
          const part = { kind: 'tool' as const, index: toolCount++, open: true };
          parts.set(event.index, part);
          out += sse('tool-call-start', {
            index: part.index,
            delta: { message: { tool_calls: { id: event.id, type: 'function', function: { name: event.name, arguments: '' } } } },
          });
          return out;
        }
        case 'tool_call_delta': {
          const part = parts.get(event.index);
          if (!part) return '';
          return sse('tool-call-delta', { index: part.index, delta: { message: { tool_calls: { function: { arguments: event.arguments } } } } });
        }
        case 'part_end':
          return endPart(event.index);
        case 'usage':
          usage = event.usage;
          return '';
        case 'finish':
          if (event.usage) usage = event.usage;
          finish = event.stop_sequence !== undefined ? { reason: event.finish_reason, stopSequence: event.stop_sequence } : { reason: event.finish_reason };
          return '';
        case 'error':
          return startText() + failure(event.message, event.error_type);
        default:
          return '';
      }
    },
    close(): string {
      if (failed || closed) return '';
      closed = true;
      const delta: JsonObject = { finish_reason: encodeFinishReason(finish?.reason ?? 'stop', finish?.stopSequence) };
      if (usage) delta.usage = encodeUsage(usage);
      return startText() + endAll() + sse('message-end', { delta });
    },
    fail(text: string, type: string): string {
      if (failed) return '';
      return failure(text, type);
    },
  };
}

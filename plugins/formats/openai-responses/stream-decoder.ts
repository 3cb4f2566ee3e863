import { FormatError, type SseEvent, type StreamDecoder, type StreamEvent } from '../../../core/plugin/index.js';
import { isObject, type JsonObject } from '../../shared/formats/json-fields.js';
import { finishReasonFromStatus } from './response-status.js';
import { decodeUsage } from './usage.js';

/**
 * Decodes an upstream Responses SSE stream into canonical events, one event at a time.
 * Event names and payloads: https://platform.openai.com/docs/api-reference/responses-streaming
 * (and the openai-node SDK's `ResponseStreamEvent` union). The stream has no `[DONE]`; it ends
 * with `response.completed`, `response.incomplete`, `response.failed` or `error`.
 *
 * Canonical part indices are handed out in the order parts first produce something: message
 * content parts (`output_index`, `content_index`), function calls and reasoning items.
 * Refusal deltas become text deltas (the canonical stream has no refusal event). Built-in tool
 * items arrive whole as a `part_end` carrying the item as a native block.
 */
export class ResponsesStreamDecoder implements StreamDecoder {
  private nextIndex = 0;
  private readonly indices = new Map<string, number>();
  private readonly open = new Set<number>();
  /** Parts that already produced text or arguments (so a `.done` carrying the whole does not repeat it). */
  private readonly produced = new Set<number>();
  private readonly summarySeen = new Set<number>();
  private calledTools = false;
  private terminal = false;

  /** Canonical events for one upstream SSE event. */
  push(event: SseEvent): StreamEvent[] {
    const data = event.data.trim();
    if (this.terminal || data === '' || data === '[DONE]') return [];
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      throw new FormatError('upstream stream event is not JSON');
    }
    if (!isObject(json)) throw new FormatError('upstream stream event is not a JSON object');
    const type = typeof json.type === 'string' ? json.type : event.event;
    return this.handle(type ?? '', json);
  }

  /** Reports whether a terminal event arrived; nothing is left to flush. */
  end(): { events: StreamEvent[]; complete: boolean } {
    return { events: [], complete: this.terminal };
  }

  private handle(type: string, e: JsonObject): StreamEvent[] {
    const oi = typeof e.output_index === 'number' ? e.output_index : 0;
    const ci = typeof e.content_index === 'number' ? e.content_index : 0;
    switch (type) {
      case 'response.created': {
        const r = isObject(e.response) ? e.response : {};
        const start: StreamEvent = { type: 'start', id: str(r.id), model: str(r.model) };
        if (typeof r.created_at === 'number') start.created = r.created_at;
        return [start];
      }
      case 'response.output_item.added':
        return this.itemAdded(oi, isObject(e.item) ? e.item : {});
      case 'response.content_part.added': {
        const part = isObject(e.part) ? e.part : {};
        return this.text(`m:${oi}:${ci}`, str(part.text) || str(part.refusal));
      }
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        return this.text(`m:${oi}:${ci}`, str(e.delta));
      case 'response.content_part.done': {
        const part = isObject(e.part) ? e.part : {};
        return this.endText(`m:${oi}:${ci}`, str(part.text) || str(part.refusal));
      }
      case 'response.function_call_arguments.delta':
        return this.args(oi, str(e.delta));
      case 'response.function_call_arguments.done':
        return this.argsDone(oi, str(e.arguments));
      case 'response.reasoning_summary_part.added':
        return this.summaryPart(oi, e.summary_index);
      case 'response.reasoning_summary_text.delta':
        return this.thinking(oi, str(e.delta), true);
      case 'response.reasoning_text.delta':
        return this.thinking(oi, str(e.delta), false);
      case 'response.output_item.done':
        return this.itemDone(oi, isObject(e.item) ? e.item : {});
      case 'response.completed':
      case 'response.incomplete':
      case 'response.failed':
        return this.finish(isObject(e.response) ? e.response : {});
      case 'error': {
        this.terminal = true;
        const nested = isObject(e.error) ? e.error : {};
        const message = str(e.message) || str(nested.message) || 'upstream stream error';
        const code = str(e.code) || str(nested.code) || str(nested.type) || 'upstream_error';
        return [{ type: 'error', message, error_type: code }];
      }
      default:
        return [];
    }
  }

  private index(key: string): number | undefined {
    return this.indices.get(key);
  }

  private allocate(key: string): number {
    const index = this.nextIndex++;
    this.indices.set(key, index);
    this.open.add(index);
    return index;
  }

  private itemAdded(oi: number, item: JsonObject): StreamEvent[] {
    if (item.type !== 'function_call') return [];
    this.calledTools = true;
    const index = this.allocate(`f:${oi}`);
    const out: StreamEvent[] = [{ type: 'tool_call_start', index, id: str(item.call_id), name: str(item.name) }];
    return out.concat(this.args(oi, str(item.arguments)));
  }

  private text(key: string, text: string): StreamEvent[] {
    if (!text) return [];
    const index = this.index(key) ?? this.allocate(key);
    this.produced.add(index);
    return [{ type: 'text_delta', index, text }];
  }

  private endText(key: string, whole: string): StreamEvent[] {
    const out = this.index(key) === undefined ? this.text(key, whole) : [];
    return out.concat(this.partEnd(this.index(key)));
  }

  private args(oi: number, delta: string): StreamEvent[] {
    const index = this.index(`f:${oi}`);
    if (index === undefined || !delta) return [];
    this.produced.add(index);
    return [{ type: 'tool_call_delta', index, arguments: delta }];
  }

  private argsDone(oi: number, whole: string): StreamEvent[] {
    const index = this.index(`f:${oi}`);
    return index !== undefined && !this.produced.has(index) ? this.args(oi, whole) : [];
  }

  private summaryPart(oi: number, summaryIndex: unknown): StreamEvent[] {
    const index = this.index(`r:${oi}`);
    // Summary parts are joined by a blank line, as the non-streaming decoder joins them.
    if (index === undefined || summaryIndex === 0 || !this.produced.has(index)) return [];
    return [{ type: 'thinking_delta', index, text: '\n\n' }];
  }

  private thinking(oi: number, delta: string, summary: boolean): StreamEvent[] {
    const key = `r:${oi}`;
    let index = this.index(key);
    if (!delta) return [];
    if (!summary && index !== undefined && this.summarySeen.has(index)) return [];
    index ??= this.allocate(key);
    if (summary) this.summarySeen.add(index);
    this.produced.add(index);
    return [{ type: 'thinking_delta', index, text: delta }];
  }

  private itemDone(oi: number, item: JsonObject): StreamEvent[] {
    switch (item.type) {
      case 'function_call': {
        let out: StreamEvent[] = [];
        if (this.index(`f:${oi}`) === undefined) out = this.itemAdded(oi, { ...item, arguments: '' });
        out = out.concat(this.argsDone(oi, str(item.arguments)));
        return out.concat(this.partEnd(this.index(`f:${oi}`)));
      }
      case 'reasoning':
        return this.reasoningDone(oi, item);
      case 'message': {
        const content = Array.isArray(item.content) ? item.content : [];
        return content.flatMap((part, j) => {
          const p = isObject(part) ? part : {};
          return this.endText(`m:${oi}:${j}`, str(p.text) || str(p.refusal));
        });
      }
      default: {
        // Built-in tool items (web_search_call, ...) have no canonical type: delivered whole.
        if (typeof item.type !== 'string') return [];
        const index = this.allocate(`n:${oi}`);
        this.open.delete(index);
        return [{ type: 'part_end', index, native: { format: 'openai-responses', block: item } }];
      }
    }
  }

  private reasoningDone(oi: number, item: JsonObject): StreamEvent[] {
    const key = `r:${oi}`;
    let out: StreamEvent[] = [];
    if (this.index(key) === undefined) {
      const summary = Array.isArray(item.summary) ? item.summary : [];
      const text = summary.map((s) => (isObject(s) ? str(s.text) : '')).filter(Boolean).join('\n\n');
      out = this.thinking(oi, text, true);
    }
    const encrypted = typeof item.encrypted_content === 'string' ? item.encrypted_content : undefined;
    const id = typeof item.id === 'string' ? item.id : undefined;
    if (encrypted !== undefined || id !== undefined) {
      const index = this.index(key) ?? this.allocate(key);
      const signature: StreamEvent = { type: 'thinking_signature', index };
      if (encrypted !== undefined) signature.redacted_data = encrypted;
      if (id !== undefined) signature.id = id;
      out.push(signature);
    }
    return out.concat(this.partEnd(this.index(key)));
  }

  private partEnd(index: number | undefined): StreamEvent[] {
    if (index === undefined || !this.open.delete(index)) return [];
    return [{ type: 'part_end', index }];
  }

  private finish(response: JsonObject): StreamEvent[] {
    this.terminal = true;
    const out: StreamEvent[] = [...this.open].sort((a, b) => a - b).flatMap((i) => this.partEnd(i));
    if (response.status === 'failed') {
      const error = isObject(response.error) ? response.error : {};
      out.push({
        type: 'error',
        message: str(error.message) || 'upstream response failed',
        error_type: str(error.code) || 'upstream_error',
      });
      return out;
    }
    const finish: StreamEvent = {
      type: 'finish',
      finish_reason: finishReasonFromStatus(response.status, response.incomplete_details, this.calledTools),
    };
    const usage = decodeUsage(response.usage);
    if (usage) finish.usage = usage;
    out.push(finish);
    return out;
  }
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

import type { EncodeContext, FinishReason, NativeBlock, StreamEncoder, StreamEvent, Usage } from '../../../core/plugin/index.js';
import type { JsonObject } from '../../shared/formats/json-fields.js';
import { newItemId } from './item-ids.js';
import { functionCallItem, outputTextPart } from './output-items.js';
import { encodeReasoningItem } from './reasoning-items.js';
import { failedResponseError, responseEnvelope } from './response.js';
import { statusFromFinishReason } from './response-status.js';
import { encodeUsage } from './usage.js';

/**
 * Encodes canonical stream events as the Responses API's semantic SSE events, each with its
 * `event:` name and a `sequence_number` counting from 0.
 * https://platform.openai.com/docs/api-reference/responses-streaming and
 * https://platform.openai.com/docs/guides/streaming-responses?api-mode=responses
 *
 * The order follows what the official SDK's accumulator (openai-node
 * `lib/responses/ResponseAccumulator.ts`) requires: `response.created` first; an item's
 * `output_item.added` before its deltas; a content or summary part's `.added` before its text
 * deltas; `response.completed` (or `.incomplete` / `.failed`) last, carrying the whole output,
 * since the SDK's final response is that event's `response`.
 * Each canonical text part becomes its own message item; a thinking part becomes a reasoning
 * item whose text is one summary part; a Responses native block (a built-in tool item) is sent
 * whole as `output_item.added` + `.done`.
 */

type OpenItem =
  | { kind: 'text'; outputIndex: number; itemId: string; text: string; annotations?: unknown[] }
  | { kind: 'thinking'; outputIndex: number; itemId: string; text: string; encrypted?: string; upstreamId?: string }
  | { kind: 'tool'; outputIndex: number; itemId: string; callId: string; name: string; args: string };

export class ResponsesStreamEncoder implements StreamEncoder {
  private sequence = 0;
  private started = false;
  private ended = false;
  private responseId = '';
  private created = 0;
  private readonly output: JsonObject[] = [];
  private readonly openItems = new Map<number, OpenItem>();
  private readonly closedIndices = new Set<number>();
  private finishReason: FinishReason = 'stop';
  private usage?: Usage;

  constructor(private readonly context: EncodeContext) {}

  /** Nothing precedes the first event. */
  open(): string {
    return '';
  }

  /** SSE text for one canonical event. */
  write(event: StreamEvent): string {
    if (this.ended) return '';
    if (event.type === 'error') return this.fail(event.message, event.error_type);
    let out = event.type === 'start' ? '' : this.ensureStarted();
    switch (event.type) {
      case 'start':
        return this.ensureStarted(event.id, event.created);
      case 'text_delta': {
        // Empty deltas (a signature-only Gemini part) would only open an empty item.
        if (!event.text) return out;
        const item = this.item(event.index, 'text');
        if (!item) return out;
        out += item.added;
        item.value.text += event.text;
        return out + this.frame('response.output_text.delta', {
          item_id: item.value.itemId,
          output_index: item.value.outputIndex,
          content_index: 0,
          delta: event.text,
          logprobs: [],
        });
      }
      case 'thinking_delta': {
        if (!event.text) return out;
        const item = this.item(event.index, 'thinking');
        if (!item) return out;
        out += item.added;
        const value = item.value;
        if (value.text === '') {
          out += this.frame('response.reasoning_summary_part.added', {
            item_id: value.itemId,
            output_index: value.outputIndex,
            summary_index: 0,
            part: { type: 'summary_text', text: '' },
          });
        }
        value.text += event.text;
        return out + this.frame('response.reasoning_summary_text.delta', {
          item_id: value.itemId,
          output_index: value.outputIndex,
          summary_index: 0,
          delta: event.text,
        });
      }
      case 'thinking_signature': {
        const item = this.item(event.index, 'thinking');
        if (!item) return out;
        out += item.added;
        if (event.redacted_data !== undefined) item.value.encrypted = event.redacted_data;
        if (event.id !== undefined) item.value.upstreamId = event.id;
        return out;
      }
      case 'tool_call_start': {
        const item = this.item(event.index, 'tool', event.id, event.name);
        return item ? out + item.added : out;
      }
      case 'tool_call_delta': {
        const open = this.openItems.get(event.index);
        if (open?.kind !== 'tool' || !event.arguments) return out;
        open.args += event.arguments;
        return out + this.frame('response.function_call_arguments.delta', {
          item_id: open.itemId,
          output_index: open.outputIndex,
          delta: event.arguments,
        });
      }
      case 'part_end': {
        if (event.native) return out + this.nativeItem(event.index, event.native);
        const open = this.openItems.get(event.index);
        if (open?.kind === 'text' && event.citations?.length) open.annotations = event.citations;
        return out + this.closeItem(event.index);
      }
      case 'usage':
        this.usage = event.usage;
        return out;
      case 'finish':
        this.finishReason = event.finish_reason;
        if (event.usage) this.usage = event.usage;
        return out + this.closeAll();
    }
  }

  /** Closes open items and sends the terminal response event carrying the whole output. */
  close(): string {
    if (this.ended) return '';
    let out = this.ensureStarted() + this.closeAll();
    this.ended = true;
    const { status, incomplete_details } = statusFromFinishReason(this.finishReason);
    const response: JsonObject = {
      ...responseEnvelope(this.context, this.responseId, this.created, status),
      incomplete_details,
      output: this.output,
      usage: this.usage ? encodeUsage(this.usage) : null,
    };
    if (status === 'failed') response.error = failedResponseError('the upstream did not complete the response');
    const type = status === 'completed' ? 'response.completed' : status === 'incomplete' ? 'response.incomplete' : 'response.failed';
    out += this.frame(type, { response });
    return out;
  }

  /**
   * One `error` event whose JSON has `error.message` and `error.type` (the gateway's stream
   * failure contract) besides the documented top-level `code` / `message` / `param`; nothing
   * follows it. The official SDK raises it as an APIError.
   */
  fail(message: string, type: string): string {
    if (this.ended) return '';
    this.ended = true;
    return this.frame('error', {
      code: type,
      message,
      param: null,
      error: { type, message, code: type },
    });
  }

  private frame(type: string, fields: JsonObject): string {
    const data = { type, ...fields, sequence_number: this.sequence++ };
    return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
  }

  private ensureStarted(id?: string, created?: number): string {
    if (this.started) return '';
    this.started = true;
    this.responseId = id || newItemId('resp');
    this.created = created ?? Math.floor(Date.now() / 1000);
    const response = (): JsonObject => responseEnvelope(this.context, this.responseId, this.created, 'in_progress');
    return this.frame('response.created', { response: response() }) + this.frame('response.in_progress', { response: response() });
  }

  /**
   * The open item for a canonical index, opening it when new (`added` then holds its `.added`
   * events, else ''). Undefined when the index is closed or holds another kind of part.
   */
  private item<K extends OpenItem['kind']>(
    index: number,
    kind: K,
    callId = '',
    name = '',
  ): { value: Extract<OpenItem, { kind: K }>; added: string } | undefined {
    const existing = this.openItems.get(index);
    if (existing) {
      return existing.kind === kind ? { value: existing as Extract<OpenItem, { kind: K }>, added: '' } : undefined;
    }
    if (this.closedIndices.has(index)) return undefined;
    const outputIndex = this.output.length;
    let value: OpenItem;
    let added: JsonObject;
    let text: string;
    if (kind === 'text') {
      value = { kind: 'text', outputIndex, itemId: newItemId('msg'), text: '' };
      added = { id: value.itemId, type: 'message', status: 'in_progress', content: [], role: 'assistant' };
      this.output.push(added);
      text = this.frame('response.output_item.added', { output_index: outputIndex, item: added });
      text += this.frame('response.content_part.added', {
        item_id: value.itemId,
        output_index: outputIndex,
        content_index: 0,
        part: outputTextPart(''),
      });
    } else if (kind === 'thinking') {
      value = { kind: 'thinking', outputIndex, itemId: newItemId('rs'), text: '' };
      added = { id: value.itemId, type: 'reasoning', summary: [] };
      this.output.push(added);
      text = this.frame('response.output_item.added', { output_index: outputIndex, item: added });
    } else {
      value = { kind: 'tool', outputIndex, itemId: newItemId('fc'), callId, name, args: '' };
      added = functionCallItem(value.itemId, callId, name, '', 'in_progress');
      this.output.push(added);
      text = this.frame('response.output_item.added', { output_index: outputIndex, item: added });
    }
    this.openItems.set(index, value);
    return { value: value as Extract<OpenItem, { kind: K }>, added: text };
  }

  /** A whole Responses item carried as a native block; other formats' blocks are skipped. */
  private nativeItem(index: number, native: NativeBlock): string {
    if (native.format !== 'openai-responses' || this.openItems.has(index) || this.closedIndices.has(index)) return '';
    this.closedIndices.add(index);
    const outputIndex = this.output.length;
    this.output.push(native.block);
    return (
      this.frame('response.output_item.added', { output_index: outputIndex, item: native.block }) +
      this.frame('response.output_item.done', { output_index: outputIndex, item: native.block })
    );
  }

  private closeAll(): string {
    return [...this.openItems.keys()].map((index) => this.closeItem(index)).join('');
  }

  private closeItem(index: number): string {
    const item = this.openItems.get(index);
    if (!item) return '';
    this.openItems.delete(index);
    this.closedIndices.add(index);
    const at = { item_id: item.itemId, output_index: item.outputIndex };
    let out = '';
    let done: JsonObject;
    if (item.kind === 'text') {
      const part = outputTextPart(item.text, item.annotations);
      out += this.frame('response.output_text.done', { ...at, content_index: 0, text: item.text, logprobs: [] });
      out += this.frame('response.content_part.done', { ...at, content_index: 0, part });
      done = { id: item.itemId, type: 'message', status: 'completed', content: [part], role: 'assistant' };
    } else if (item.kind === 'thinking') {
      if (item.text !== '') {
        out += this.frame('response.reasoning_summary_text.done', { ...at, summary_index: 0, text: item.text });
        out += this.frame('response.reasoning_summary_part.done', {
          ...at,
          summary_index: 0,
          part: { type: 'summary_text', text: item.text },
        });
      }
      const thinking = { type: 'thinking' as const, text: item.text, ...(item.encrypted !== undefined ? { redacted_data: item.encrypted } : {}) };
      // The upstream's own reasoning id is what the client must send back; it wins when known.
      done = encodeReasoningItem(thinking, item.upstreamId ?? item.itemId);
    } else {
      out += this.frame('response.function_call_arguments.done', { ...at, name: item.name, arguments: item.args });
      done = functionCallItem(item.itemId, item.callId, item.name, item.args, 'completed');
    }
    this.output[item.outputIndex] = done;
    return out + this.frame('response.output_item.done', { output_index: item.outputIndex, item: done });
  }
}

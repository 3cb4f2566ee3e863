import type { EncodeContext, StreamEncoder, StreamEvent, Usage } from '../../../core/plugin/index.js';
import { streamErrorBody } from './errors.js';
import { encodeFinishReason } from './finish-reason.js';
import { isObject } from '../../shared/formats/json-fields.js';
import { wireCallId } from './tool-call-ids.js';
import { encodeUsage } from './usage.js';
import type { GeminiPart, GeminiResponse } from './wire-types.js';

/**
 * Encodes the canonical stream as `streamGenerateContent` output: with `alt=sse` one `data:`
 * event per GenerateContentResponse chunk, otherwise (Gemini's default) one JSON array whose
 * elements are the chunks. Text and thoughts go out as they arrive; a function call goes out
 * whole once its arguments are complete, as Gemini streams them; the last chunk carries the
 * finish reason and the usage.
 */
export function createStreamEncoder(context: EncodeContext): StreamEncoder {
  return new GeminiStreamEncoder(context);
}

interface PendingCall {
  id: string;
  name: string;
  signature?: string;
  args: string;
}

class GeminiStreamEncoder implements StreamEncoder {
  private readonly sse: boolean;
  private responseId: string | undefined;
  private written = 0;
  private finished = false;
  /** An error was written: the stream is over, nothing may follow it. */
  private failed = false;
  private arrayClosed = false;
  private malformedCall = false;
  private usage: Usage | undefined;
  private readonly calls = new Map<number, PendingCall>();

  constructor(private readonly context: EncodeContext) {
    this.sse = context.sse === true;
  }

  open(): string {
    return this.sse ? '' : '[';
  }

  write(event: StreamEvent): string {
    if (this.failed) return '';
    switch (event.type) {
      case 'start':
        this.responseId = event.id;
        return '';
      case 'text_delta':
        return this.parts([event.signature === undefined ? { text: event.text } : { text: event.text, thoughtSignature: event.signature }]);
      case 'thinking_delta':
        return event.text === '' ? '' : this.parts([{ text: event.text, thought: true }]);
      case 'thinking_signature':
        // Redacted reasoning of another provider has no Gemini form; a signature rides on an empty thought.
        return event.signature === undefined ? '' : this.parts([{ text: '', thought: true, thoughtSignature: event.signature }]);
      case 'tool_call_start': {
        const call: PendingCall = { id: event.id, name: event.name, args: '' };
        if (event.signature !== undefined) call.signature = event.signature;
        this.calls.set(event.index, call);
        return '';
      }
      case 'tool_call_delta': {
        const call = this.calls.get(event.index);
        if (call) call.args += event.arguments;
        return '';
      }
      case 'part_end':
        return this.flushCall(event.index);
      case 'usage':
        this.usage = event.usage;
        return this.finished ? this.chunk({ usageMetadata: encodeUsage(event.usage) }) : '';
      case 'finish':
        return this.finish(event);
      case 'error':
        return this.errorChunk(event.message, event.error_type);
    }
  }

  close(): string {
    return this.closeArray();
  }

  /**
   * One error event; in the JSON-array form the error is the last element and the array is
   * closed. After an upstream error event was already written, there is nothing left to add.
   */
  fail(message: string, type: string): string {
    if (this.failed) return this.closeArray();
    return this.errorChunk(message, type) + this.closeArray();
  }

  private closeArray(): string {
    if (this.sse || this.arrayClosed) return '';
    this.arrayClosed = true;
    return ']';
  }

  private finish(event: Extract<StreamEvent, { type: 'finish' }>): string {
    let text = [...this.calls.keys()].map((index) => this.flushCall(index)).join('');
    const usage = event.usage ?? this.usage;
    const reason = this.malformedCall ? 'MALFORMED_FUNCTION_CALL' : encodeFinishReason(event.finish_reason);
    // The last chunk keeps an (empty) text part, as Gemini's own last chunks do, for clients that read parts[0].
    const last: Partial<GeminiResponse> = { candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: reason, index: 0 }] };
    if (usage) last.usageMetadata = encodeUsage(usage);
    text += this.chunk(last);
    this.finished = true;
    return text;
  }

  /** A function call goes out whole; arguments that are not a JSON object cannot be a Gemini call. */
  private flushCall(index: number): string {
    const call = this.calls.get(index);
    if (!call) return '';
    this.calls.delete(index);
    const args = parseArgs(call.args);
    if (!args) {
      this.malformedCall = true;
      return '';
    }
    const id = wireCallId(call.id);
    const part: GeminiPart = { functionCall: id === undefined ? { name: call.name, args } : { id, name: call.name, args } };
    if (call.signature !== undefined) part.thoughtSignature = call.signature;
    return this.parts([part]);
  }

  private parts(parts: GeminiPart[]): string {
    return this.chunk({ candidates: [{ content: { role: 'model', parts }, index: 0 }] });
  }

  private chunk(body: Partial<GeminiResponse>): string {
    const full: Record<string, unknown> = { ...body, modelVersion: this.context.model };
    if (this.responseId !== undefined) full.responseId = this.responseId;
    return this.frame(JSON.stringify(full));
  }

  private errorChunk(message: string, type: string): string {
    this.failed = true;
    return this.frame(JSON.stringify(streamErrorBody(message, type)));
  }

  private frame(json: string): string {
    this.written += 1;
    if (this.sse) return `data: ${json}\n\n`;
    return this.written === 1 ? json : `,\n${json}`;
  }
}

function parseArgs(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

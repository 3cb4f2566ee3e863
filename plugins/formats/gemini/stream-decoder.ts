import { randomUUID } from 'node:crypto';
import { type FinishReason, FormatError, type SseEvent, type StreamDecoder, type StreamEvent, type Usage } from '../../../core/plugin/index.js';
import { decodeFinishReason } from './finish-reason.js';
import { isObject, type JsonObject } from '../../shared/formats/json-fields.js';
import { decodeCandidateParts, firstCandidate } from './response.js';
import { responseCallIds } from './tool-call-ids.js';
import { decodeUsage } from './usage.js';

/**
 * Decodes `streamGenerateContent?alt=sse`: every `data:` event is a whole
 * GenerateContentResponse holding the next parts, the usage so far (complete in the last chunk)
 * and, on the last chunk, the finish reason. Gemini streams a function call whole, in one part.
 * The gateway always calls upstream with `alt=sse`, so the JSON-array form is never decoded.
 */
export function createStreamDecoder(): StreamDecoder {
  return new GeminiStreamDecoder();
}

/** The content part being streamed: consecutive text (or thought) chunks extend one part. */
interface OpenPart {
  kind: 'text' | 'thinking';
  index: number;
}

class GeminiStreamDecoder implements StreamDecoder {
  private started = false;
  private finished = false;
  private nextIndex = 0;
  private open: OpenPart | undefined;
  private usage: Usage | undefined;
  private callId: ((position: number) => string) | undefined;
  private calls = 0;

  push(event: SseEvent): StreamEvent[] {
    const data = event.data.trim();
    if (data === '' || data === '[DONE]') return [];
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch {
      throw new FormatError('an upstream stream event is not JSON');
    }
    if (!isObject(chunk)) throw new FormatError('an upstream stream event is not a GenerateContentResponse');
    if (isObject(chunk.error)) return [this.errorEvent(chunk.error)];
    if (!Array.isArray(chunk.candidates) && !isObject(chunk.usageMetadata) && !isObject(chunk.promptFeedback)) {
      throw new FormatError('an upstream stream event is not a GenerateContentResponse (no candidates, usageMetadata or promptFeedback)');
    }

    const out: StreamEvent[] = [];
    if (!this.started) {
      this.started = true;
      const id = typeof chunk.responseId === 'string' ? chunk.responseId : `gemini-${randomUUID()}`;
      this.callId = responseCallIds(id);
      out.push({ type: 'start', id, model: typeof chunk.modelVersion === 'string' ? chunk.modelVersion : '' });
    }
    const usage = decodeUsage(chunk.usageMetadata);
    if (usage) this.usage = usage;

    const candidate = firstCandidate(chunk);
    if (candidate) {
      for (const part of decodeCandidateParts(candidate, (n) => this.callId!(this.calls + n))) this.emitPart(part, out);
      const reason = typeof candidate.finishReason === 'string' ? candidate.finishReason : undefined;
      if (reason !== undefined) this.finish(decodeFinishReason(reason, this.calls > 0), out);
    } else if (isObject(chunk.promptFeedback) && chunk.promptFeedback.blockReason !== undefined) {
      this.finish('content_filter', out);
    } else if (usage && this.finished) {
      out.push({ type: 'usage', usage });
    }
    return out;
  }

  end(): { events: StreamEvent[]; complete: boolean } {
    return { events: [], complete: this.finished };
  }

  private emitPart(part: ReturnType<typeof decodeCandidateParts>[number], out: StreamEvent[]): void {
    if (part.type === 'text' || part.type === 'thinking') {
      // Gemini's last chunk often holds an empty text part; it carries nothing to stream.
      if (part.text === '' && part.signature === undefined) return;
      const kind = part.type;
      if (this.open?.kind !== kind) {
        this.closeOpen(out);
        this.open = { kind, index: this.nextIndex++ };
      }
      const index = this.open.index;
      if (kind === 'thinking') {
        if (part.text !== '') out.push({ type: 'thinking_delta', index, text: part.text });
        if (part.signature !== undefined) {
          out.push({ type: 'thinking_signature', index, signature: part.signature });
          this.closeOpen(out);
        }
      } else {
        const delta: StreamEvent = { type: 'text_delta', index, text: part.text };
        if (part.type === 'text' && part.signature !== undefined) delta.signature = part.signature;
        out.push(delta);
      }
      return;
    }
    if (part.type === 'tool_call') {
      this.closeOpen(out);
      const index = this.nextIndex++;
      this.calls += 1;
      const start: StreamEvent = { type: 'tool_call_start', index, id: part.id, name: part.name };
      if (part.signature !== undefined) start.signature = part.signature;
      out.push(start, { type: 'tool_call_delta', index, arguments: part.arguments }, { type: 'part_end', index });
    }
    // Media and built-in tool parts have no stream event; the canonical stream carries text and calls.
  }

  private closeOpen(out: StreamEvent[]): void {
    if (this.open) out.push({ type: 'part_end', index: this.open.index });
    this.open = undefined;
  }

  private finish(reason: FinishReason, out: StreamEvent[]): void {
    if (this.finished) return;
    this.closeOpen(out);
    this.finished = true;
    const finish: StreamEvent = { type: 'finish', finish_reason: reason };
    if (this.usage) finish.usage = this.usage;
    out.push(finish);
  }

  private errorEvent(error: JsonObject): StreamEvent {
    const message = typeof error.message === 'string' ? error.message : 'upstream stream error';
    const type = typeof error.status === 'string' ? error.status : 'upstream_error';
    return { type: 'error', message, error_type: type };
  }
}

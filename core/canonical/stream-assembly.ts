import type { ContentPart } from './content.js';
import type { CanonicalResponse, NativeFinishReason, StreamEvent, Usage } from './response.js';

/**
 * Builds the canonical response a stream amounts to, one event at a time, so output
 * guardrails, the cache and budget settling see streamed answers exactly like buffered ones.
 */
export class StreamAssembler {
  private id = '';
  private model = '';
  private created = Math.floor(Date.now() / 1000);
  private readonly parts: ContentPart[] = [];
  private finish: CanonicalResponse['finish_reason'] = 'stop';
  private stopSequence?: string;
  private usage?: Usage;
  private nativeFinish?: NativeFinishReason;
  finished = false;

  push(event: StreamEvent): void {
    switch (event.type) {
      case 'start':
        this.id = event.id;
        this.model = event.model;
        if (event.created) this.created = event.created;
        break;
      case 'text_delta': {
        const part = this.parts[event.index];
        if (part?.type === 'text') part.text += event.text;
        else this.parts[event.index] = { type: 'text', text: event.text };
        if (event.signature) (this.parts[event.index] as { signature?: string }).signature = event.signature;
        break;
      }
      case 'thinking_delta': {
        const part = this.parts[event.index];
        if (part?.type === 'thinking') part.text += event.text;
        else this.parts[event.index] = { type: 'thinking', text: event.text };
        break;
      }
      case 'thinking_signature': {
        const part = this.parts[event.index];
        const thinking = part?.type === 'thinking' ? part : (this.parts[event.index] = { type: 'thinking', text: '' });
        if (thinking.type === 'thinking') {
          if (event.signature) thinking.signature = event.signature;
          if (event.redacted_data) thinking.redacted_data = event.redacted_data;
          if (event.id) thinking.id = event.id;
        }
        break;
      }
      case 'tool_call_start':
        this.parts[event.index] = { type: 'tool_call', id: event.id, name: event.name, arguments: '', ...(event.signature ? { signature: event.signature } : {}) };
        break;
      case 'tool_call_delta': {
        const part = this.parts[event.index];
        if (part?.type === 'tool_call') part.arguments += event.arguments;
        break;
      }
      case 'part_end': {
        const part = this.parts[event.index];
        if (event.native) this.parts[event.index] = { type: 'text', text: '', native: event.native };
        else if (event.citations && part?.type === 'text') part.citations = event.citations;
        break;
      }
      case 'usage':
        this.usage = event.usage;
        break;
      case 'finish':
        this.finish = event.finish_reason;
        this.stopSequence = event.stop_sequence;
        if (event.usage) this.usage = event.usage;
        this.nativeFinish = event.native_finish_reason;
        this.finished = true;
        break;
      default:
        break;
    }
  }

  /** The text produced so far (for windowed output checks). */
  text(): string {
    return this.parts.map((p) => (p?.type === 'text' ? p.text : '')).join('');
  }

  result(): CanonicalResponse {
    return {
      id: this.id,
      model: this.model,
      created: this.created,
      content: this.parts.filter(Boolean),
      finish_reason: this.finish,
      stop_sequence: this.stopSequence,
      usage: this.usage,
      ...(this.nativeFinish ? { native_finish_reason: this.nativeFinish } : {}),
    };
  }
}

/** A stored response as the stream events that produce it (cache replay). */
export function responseToEvents(response: CanonicalResponse): StreamEvent[] {
  const events: StreamEvent[] = [{ type: 'start', id: response.id, model: response.model, created: response.created }];
  response.content.forEach((part, index) => {
    switch (part.type) {
      case 'text':
        if (part.native) events.push({ type: 'part_end', index, native: part.native });
        else events.push({ type: 'text_delta', index, text: part.text, signature: part.signature }, { type: 'part_end', index, citations: part.citations });
        break;
      case 'thinking':
        events.push({ type: 'thinking_delta', index, text: part.text });
        if (part.signature || part.redacted_data) events.push({ type: 'thinking_signature', index, signature: part.signature, redacted_data: part.redacted_data });
        events.push({ type: 'part_end', index });
        break;
      case 'tool_call':
        events.push(
          { type: 'tool_call_start', index, id: part.id, name: part.name, signature: part.signature },
          { type: 'tool_call_delta', index, arguments: part.arguments },
          { type: 'part_end', index },
        );
        break;
      default:
        break;
    }
  });
  if (response.usage) events.push({ type: 'usage', usage: response.usage });
  events.push({
    type: 'finish',
    finish_reason: response.finish_reason,
    stop_sequence: response.stop_sequence,
    usage: response.usage,
    native_finish_reason: response.native_finish_reason,
  });
  return events;
}

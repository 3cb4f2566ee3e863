import type { ContentPart, NativeBlock } from './content.js';
import type { WireFormatId } from './request.js';

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'error' | 'other';

export interface Usage {
  /** Prompt tokens, including cached ones. */
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
  /** Prompt tokens read from the provider's cache (part of input_tokens). */
  cached_input_tokens?: number;
  /** Prompt tokens written to the provider's cache (Anthropic). */
  cache_creation_input_tokens?: number;
  /** Output tokens spent on reasoning (part of output_tokens). */
  reasoning_tokens?: number;
}

/** A finish reason in the words of one wire format. */
export interface NativeFinishReason {
  format: WireFormatId;
  value: string;
}

export interface CanonicalResponse {
  id: string;
  /** The model that answered, as the upstream named it. */
  model: string;
  /** Unix seconds. */
  created: number;
  /** Assistant content: text, thinking, tool calls, refusals. */
  content: ContentPart[];
  finish_reason: FinishReason;
  /**
   * The finish reason as the upstream's own format named it (Anthropic `pause_turn`,
   * `model_context_window_exceeded`), so a client of that same format gets it back exactly.
   */
  native_finish_reason?: NativeFinishReason;
  /** The stop sequence that ended generation, where the format reports it. */
  stop_sequence?: string;
  usage?: Usage;
}

/**
 * The canonical stream-event vocabulary. Decoders turn an upstream's events into these, one
 * upstream event at a time; encoders turn them into the client's events. `index` is the
 * position of the content part in the assistant message being built.
 */
export type StreamEvent =
  | { type: 'start'; id: string; model: string; created?: number }
  /** `signature`: a reasoning signature attached to this text (Gemini `thoughtSignature`). */
  | { type: 'text_delta'; index: number; text: string; signature?: string }
  | { type: 'thinking_delta'; index: number; text: string }
  /** Thinking signature or redacted data, delivered once the thinking block ends. */
  | {
      type: 'thinking_signature';
      index: number;
      signature?: string;
      redacted_data?: string;
      /** OpenAI responses reasoning item id, where the upstream gave one. */
      id?: string;
    }
  /** `signature`: a reasoning signature attached to the call (Gemini `thoughtSignature`). */
  | { type: 'tool_call_start'; index: number; id: string; name: string; signature?: string }
  /** A fragment of the tool call's JSON arguments text. */
  | { type: 'tool_call_delta'; index: number; arguments: string }
  /**
   * The content part at `index` is complete. `citations`: citations gathered for a text part
   * while it streamed (Anthropic `citations_delta`). `native`: a whole block with no canonical
   * type (see `TextPart.native`), delivered at once; only its own format's encoders write it.
   */
  | { type: 'part_end'; index: number; citations?: unknown[]; native?: NativeBlock }
  | { type: 'usage'; usage: Usage }
  | {
      type: 'finish';
      finish_reason: FinishReason;
      stop_sequence?: string;
      usage?: Usage;
      /** See `CanonicalResponse.native_finish_reason`. */
      native_finish_reason?: NativeFinishReason;
    }
  | { type: 'error'; message: string; error_type: string };

/**
 * The Messages API shapes this adapter writes, as the API reference describes them
 * (https://docs.anthropic.com/en/api/messages, https://docs.anthropic.com/en/api/messages-streaming).
 * Only the fields the adapter produces are typed; decoding reads untrusted JSON field by field.
 */

/** `cache_control`. */
export interface AnthropicCacheControl {
  type: 'ephemeral';
  ttl?: string;
}

/** Image and document sources. */
export type AnthropicSource =
  | { type: 'base64'; media_type: string; data: string }
  | { type: 'url'; url: string }
  | { type: 'file'; file_id: string }
  | { type: 'text'; media_type: 'text/plain'; data: string };

/** A content block of a request message or of a response. */
export type AnthropicBlock =
  | { type: 'text'; text: string; cache_control?: AnthropicCacheControl; citations?: unknown[] }
  | { type: 'image'; source: AnthropicSource; cache_control?: AnthropicCacheControl }
  | {
      type: 'document';
      source: AnthropicSource;
      title?: string;
      context?: string;
      cache_control?: AnthropicCacheControl;
    }
  | { type: 'tool_use'; id: string; name: string; input: unknown; cache_control?: AnthropicCacheControl }
  | {
      type: 'tool_result';
      tool_use_id: string;
      content?: string | AnthropicBlock[];
      is_error?: boolean;
      cache_control?: AnthropicCacheControl;
    }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string };

/** One request message. */
export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: string | AnthropicBlock[];
}

/** A custom tool definition. */
export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
  strict?: boolean;
  cache_control?: AnthropicCacheControl;
}

/** `tool_choice`. */
export type AnthropicToolChoice =
  | { type: 'auto'; disable_parallel_tool_use?: boolean }
  | { type: 'any'; disable_parallel_tool_use?: boolean }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean }
  | { type: 'none' };

/** `thinking`. */
export type AnthropicThinking =
  | { type: 'enabled'; budget_tokens: number; display?: 'summarized' | 'omitted' }
  | { type: 'adaptive'; display?: 'summarized' | 'omitted' }
  | { type: 'disabled' };

/** `output_config`. */
export interface AnthropicOutputConfig {
  effort?: 'low' | 'medium' | 'high' | 'xhigh' | 'max';
  format?: { type: 'json_schema'; schema: Record<string, unknown> };
}

/** The `usage` object of a message (and, partly, of `message_delta`). */
export interface AnthropicUsage {
  /** Prompt tokens after the last cache breakpoint: cached tokens are NOT included. */
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens_details?: { thinking_tokens: number };
}

/** `stop_reason`. */
export type AnthropicStopReason =
  | 'end_turn'
  | 'max_tokens'
  | 'stop_sequence'
  | 'tool_use'
  | 'pause_turn'
  | 'refusal'
  | 'model_context_window_exceeded';

/** A non-streaming response: the `Message` object. */
export interface AnthropicResponse {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: Array<AnthropicBlock | Record<string, unknown>>;
  stop_reason: AnthropicStopReason;
  stop_sequence: string | null;
  usage: AnthropicUsage;
}

/** The error body: `{type:'error', error:{type, message}}`. */
export interface AnthropicErrorBody {
  type: 'error';
  error: { type: string; message: string };
}

import type { CacheHint, ContentPart } from './content.js';

/**
 * `system` and `developer` messages may appear anywhere the source format allows; formats with a
 * single top-level system prompt (Anthropic, Gemini) decode it as leading `system` messages.
 */
export type Role = 'system' | 'developer' | 'user' | 'assistant' | 'tool';

export interface CanonicalMessage {
  role: Role;
  content: ContentPart[];
  /** Participant name (OpenAI `name`). */
  name?: string;
}

/** A JSON Schema object, carried as given. */
export type JsonSchema = Record<string, unknown>;

export interface ToolDefinition {
  name: string;
  description?: string;
  /** JSON Schema of the arguments; `{type:'object', properties:{}}` when the source gave none. */
  parameters: JsonSchema;
  strict?: boolean;
  cache?: CacheHint;
}

export type ToolChoice =
  | { type: 'auto' }
  | { type: 'none' }
  /** The model must call some tool (OpenAI `required`, Anthropic `any`, Gemini `ANY`). */
  | { type: 'required' }
  | { type: 'tool'; name: string };

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; name?: string; description?: string; schema: JsonSchema; strict?: boolean };

export interface Sampling {
  temperature?: number;
  top_p?: number;
  top_k?: number;
  max_tokens?: number;
  stop?: string[];
  seed?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  /** Number of choices; only 1 translates everywhere. */
  n?: number;
}

export interface ReasoningOptions {
  /** OpenAI-style effort. */
  effort?: 'minimal' | 'low' | 'medium' | 'high';
  /** Anthropic `thinking.budget_tokens` / Gemini `thinkingBudget`. */
  budget_tokens?: number;
  /** Whether reasoning text should be returned (Gemini `includeThoughts`, responses `summary`). */
  include_thoughts?: boolean;
  /**
   * `false` when the client turned reasoning off explicitly (OpenAI `reasoning_effort: "none"`,
   * Cohere `thinking.type: "disabled"`); absent means the model's default.
   */
  enabled?: boolean;
}

/** Which wire format a request was decoded from. */
export type WireFormatId = 'openai-chat' | 'anthropic-messages' | 'openai-responses' | 'cohere-v2' | 'gemini';

export interface CanonicalRequest {
  /** The model reference as the client sent it (`auto`, `gpt-4o`, `@openai/gpt-4o`, `pool:fast`). */
  model: string;
  messages: CanonicalMessage[];
  tools?: ToolDefinition[];
  tool_choice?: ToolChoice;
  parallel_tool_calls?: boolean;
  response_format?: ResponseFormat;
  sampling: Sampling;
  reasoning?: ReasoningOptions;
  stream: boolean;
  /** End-user id for abuse tracking (OpenAI `user`, Anthropic `metadata.user_id`). */
  user?: string;
  metadata?: Record<string, string>;
  /**
   * Streaming only: the client asked for token usage inside the stream (OpenAI
   * `stream_options.include_usage`). Encoders whose format always reports usage ignore it.
   */
  stream_include_usage?: boolean;
  /**
   * Features of the client's wire format that only an upstream speaking that same format can
   * serve (server-side state such as OpenAI responses `previous_response_id`, provider built-in
   * tools). Set by decoders. When the chosen upstream speaks another format the request must be
   * answered 400 naming the first entry (an UnsupportedFeatureError), never forwarded without it.
   */
  same_format_only?: SameFormatFeature[];
}

/** A request feature that only an upstream of the client's own wire format can serve. */
export interface SameFormatFeature {
  /** The request field or value, as the client wrote it (`previous_response_id`, `tools[2].type=web_search`). */
  feature: string;
  /** Why no other format can express it. */
  reason: string;
}

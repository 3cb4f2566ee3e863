/**
 * Typed content parts of the canonical chat model. The model is a superset of the five wire
 * formats (not OpenAI's chat format), so a same-format exchange loses nothing and a translated
 * one loses only what the target cannot express.
 */

import type { WireFormatId } from './request.js';

/** Where media bytes come from. */
export type MediaSource =
  | { kind: 'url'; url: string; media_type?: string }
  | { kind: 'base64'; data: string; media_type: string }
  /** A provider file id (OpenAI `file_id`, Gemini `fileData.fileUri`). */
  | { kind: 'file'; file_id: string; media_type?: string };

/** Prompt-caching hint (Anthropic `cache_control`). */
export interface CacheHint {
  type: 'ephemeral';
  ttl?: string;
}

export interface TextPart {
  type: 'text';
  text: string;
  cache?: CacheHint;
  /** Citations as the source format gave them; carried, not interpreted. */
  citations?: unknown[];
  /** Reasoning signature the model attached to this text (Gemini `thoughtSignature`); round-trips untouched. */
  signature?: string;
  /**
   * Set when this part stands for a block of one wire format that no canonical part type
   * describes (Anthropic server-tool blocks such as `server_tool_use`); `text` is then ''.
   * That format's encoders write `native.block` verbatim; other encoders skip the part.
   */
  native?: NativeBlock;
}

/** A wire-format block carried verbatim because the canonical model has no type for it. */
export interface NativeBlock {
  /** The wire format the block belongs to. */
  format: WireFormatId;
  /** The block exactly as that format wrote it. */
  block: Record<string, unknown>;
}

export interface ImagePart {
  type: 'image';
  source: MediaSource;
  /** OpenAI's `detail`. */
  detail?: 'auto' | 'low' | 'high';
  cache?: CacheHint;
}

export interface DocumentPart {
  type: 'document';
  source: MediaSource;
  /** Filename or title, where the format carries one. */
  name?: string;
  title?: string;
  context?: string;
  cache?: CacheHint;
}

export interface AudioPart {
  type: 'audio';
  source: MediaSource;
}

/** A function/tool call made by the assistant. `arguments` is JSON text, as the model wrote it. */
export interface ToolCallPart {
  type: 'tool_call';
  id: string;
  name: string;
  arguments: string;
  /**
   * Reasoning signature the model attached to this call (Gemini `thoughtSignature`), which the
   * upstream requires back with the call in the next turn; round-trips untouched.
   */
  signature?: string;
  /** Prompt-caching hint on the call (Anthropic `tool_use.cache_control`). */
  cache?: CacheHint;
}

/** The result of a tool call, sent back by the client. */
export interface ToolResultPart {
  type: 'tool_result';
  tool_call_id: string;
  /** The called tool's name; required by some formats (Gemini), filled in by decoders when known. */
  name?: string;
  content: Array<TextPart | ImagePart | DocumentPart>;
  is_error?: boolean;
  cache?: CacheHint;
}

/** Reasoning content. `signature` (Anthropic) or `encrypted` (OpenAI responses) must round-trip untouched. */
export interface ThinkingPart {
  type: 'thinking';
  text: string;
  signature?: string;
  /** Redacted thinking (Anthropic `redacted_thinking.data`) or an encrypted reasoning item. */
  redacted_data?: string;
  /** OpenAI responses reasoning item id, where present. */
  id?: string;
}

/** A refusal message (OpenAI `refusal`). */
export interface RefusalPart {
  type: 'refusal';
  text: string;
}

export type ContentPart =
  | TextPart
  | ImagePart
  | DocumentPart
  | AudioPart
  | ToolCallPart
  | ToolResultPart
  | ThinkingPart
  | RefusalPart;

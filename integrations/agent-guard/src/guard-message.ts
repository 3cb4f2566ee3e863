/**
 * The framework-independent view of a conversation message: what an adapter reads out of its
 * framework's messages and writes back. Only text is carried: images, files and reasoning are
 * left where they are, so a rewrite can never touch them.
 */

/** One tool call of an assistant message. */
export interface GuardToolCall {
  id: string;
  name: string;
  /** The call's arguments as an object. */
  args: Record<string, unknown>;
}

/** One conversation message. */
export interface GuardMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  /** The message's text parts, in order (none for an assistant message holding only tool calls). */
  texts: string[];
  /** Tool calls of an assistant message. */
  toolCalls?: GuardToolCall[];
  /** The call a tool message answers. */
  toolCallId?: string;
}

/** A copy of `message` with other texts (and, for an assistant message, other tool-call arguments). */
export function withTexts(message: GuardMessage, texts: string[], toolCalls = message.toolCalls): GuardMessage {
  return { ...message, texts, ...(toolCalls ? { toolCalls } : {}) };
}

/**
 * The exit behaviours' message rules (spec 4.5), on guard messages, for adapters to map back:
 *
 * - `end`: the run ends with one assistant message holding the blocked text; on input only the
 *   current input turn (the last user message and everything after it) is dropped, earlier turns
 *   stay as they were.
 * - `replace`: every non-system message of the evaluated span is rewritten to the blocked text
 *   (on input the whole conversation, earlier turns included; on output the model's message).
 *   On input, answered tool calls keep their ids so the conversation stays well formed, their
 *   arguments emptied; on output the model's pending tool calls are dropped, so they never run.
 * - `error`: nothing is rewritten; the adapter throws the GuardrailBlockedError.
 */
import type { GuardMessage } from './guard-message.js';

/** Index of the current input turn's first message: the last user message (0 when there is none). */
export function currentTurnStart(messages: readonly { role?: string }[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'user') return i;
  return 0;
}

/** `message` rewritten to the blocked text (system messages are left alone). */
export function replacedMessage(message: GuardMessage, text: string): GuardMessage {
  if (message.role === 'system') return message;
  const toolCalls = message.toolCalls?.map((call) => ({ ...call, args: {} }));
  return { ...message, texts: [text], ...(toolCalls ? { toolCalls } : {}) };
}

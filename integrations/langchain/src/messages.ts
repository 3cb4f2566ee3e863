/**
 * LangChain messages to guard messages and back. Only text goes out: a string content is one
 * text, an array content gives its `text` blocks in order; images and other blocks stay where
 * they are and a rewrite writes the texts back into the same blocks. A rewritten message keeps
 * its id, so the agent state's message reducer replaces it in place.
 */
import { AIMessage, type BaseMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import type { GuardMessage, GuardToolCall } from '@portcullis/agent-guard';

type Block = { type?: unknown; text?: unknown };

const isTextBlock = (block: unknown): block is { type: 'text'; text: string } =>
  !!block && typeof block === 'object' && (block as Block).type === 'text' && typeof (block as Block).text === 'string';

function textsOf(content: BaseMessage['content']): string[] {
  if (typeof content === 'string') return [content];
  return (content as unknown[]).filter(isTextBlock).map((block) => block.text);
}

function roleOf(message: BaseMessage): GuardMessage['role'] | undefined {
  switch (message.type) {
    case 'human':
      return 'user';
    case 'system':
      return 'system';
    case 'ai':
      return 'assistant';
    case 'tool':
      return 'tool';
    default:
      return undefined;
  }
}

/** The guard view of a LangChain message; messages of other types (function, generic chat) are left out. */
export function toGuardMessage(message: BaseMessage): GuardMessage | undefined {
  const role = roleOf(message);
  if (!role) return undefined;
  const guard: GuardMessage = { role, texts: textsOf(message.content) };
  if (role === 'assistant') {
    const calls = (message as AIMessage).tool_calls ?? [];
    if (calls.length) guard.toolCalls = calls.map((call): GuardToolCall => ({ id: call.id ?? '', name: call.name, args: call.args ?? {} }));
  }
  if (role === 'tool') guard.toolCallId = (message as ToolMessage).tool_call_id;
  return guard;
}

/** The guard view of the messages a guard evaluates, each with the LangChain message it came from. */
export function toGuardMessages(messages: readonly BaseMessage[]): { guard: GuardMessage[]; sources: BaseMessage[] } {
  const guard: GuardMessage[] = [];
  const sources: BaseMessage[] = [];
  for (const message of messages) {
    const view = toGuardMessage(message);
    if (!view) continue;
    guard.push(view);
    sources.push(message);
  }
  return { guard, sources };
}

/** `content` with the guard message's texts written back into its text blocks. */
function contentWith(content: BaseMessage['content'], texts: readonly string[]): BaseMessage['content'] {
  if (typeof content === 'string') return texts.join('');
  let next = 0;
  const blocks = (content as unknown[]).map((block) => (isTextBlock(block) ? { ...block, text: texts[next++] ?? '' } : block));
  // `replace` may write one text onto a message that had none (an assistant message of tool calls only).
  for (; next < texts.length; next++) blocks.push({ type: 'text', text: texts[next] });
  return blocks as BaseMessage['content'];
}

/** A copy of `original` (same class, same id) carrying the guard message's texts and tool-call arguments. */
export function fromGuardMessage(original: BaseMessage, guard: GuardMessage): BaseMessage {
  const fields = { id: original.id, name: original.name, content: contentWith(original.content, guard.texts), additional_kwargs: original.additional_kwargs, response_metadata: original.response_metadata };
  switch (original.type) {
    case 'human':
      return new HumanMessage(fields);
    case 'system':
      return new SystemMessage(fields);
    case 'tool':
      return new ToolMessage({ ...fields, tool_call_id: (original as ToolMessage).tool_call_id, status: (original as ToolMessage).status });
    default: {
      const ai = original as AIMessage;
      const args = new Map((guard.toolCalls ?? []).map((call) => [call.id, call.args]));
      const toolCalls = (ai.tool_calls ?? []).map((call) => ({ ...call, args: args.get(call.id ?? '') ?? call.args }));
      return new AIMessage({ ...fields, tool_calls: toolCalls, usage_metadata: ai.usage_metadata });
    }
  }
}

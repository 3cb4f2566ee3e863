/**
 * Results of a fake AI SDK model (language model spec v3) for `MockLanguageModelV3`: a generate
 * result and a stream of the same content, with tool calls as the spec carries them (input as
 * JSON text).
 */
import type { LanguageModelV3Content, LanguageModelV3GenerateResult, LanguageModelV3StreamPart, LanguageModelV3StreamResult } from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';

export interface FakeToolCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

const usage = { inputTokens: { total: 3, noCache: 3, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };

function contentOf(text: string, toolCalls: FakeToolCall[]): LanguageModelV3Content[] {
  return [...(text ? [{ type: 'text' as const, text }] : []), ...toolCalls.map((c) => ({ type: 'tool-call' as const, toolCallId: c.id, toolName: c.name, input: JSON.stringify(c.args) }))];
}

/** A generate result answering `text` and asking for `toolCalls`. */
export function generated(text: string, toolCalls: FakeToolCall[] = []): LanguageModelV3GenerateResult {
  return { content: contentOf(text, toolCalls), finishReason: { unified: toolCalls.length ? 'tool-calls' : 'stop', raw: undefined }, usage, warnings: [] };
}

/** A stream result delivering `text` word by word, then the tool calls. */
export function streamed(text: string, toolCalls: FakeToolCall[] = []): LanguageModelV3StreamResult {
  const words = text.split(/(?<= )/);
  const chunks: LanguageModelV3StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't1' },
    ...words.map((delta) => ({ type: 'text-delta' as const, id: 't1', delta })),
    { type: 'text-end', id: 't1' },
    ...toolCalls.map((c) => ({ type: 'tool-call' as const, toolCallId: c.id, toolName: c.name, input: JSON.stringify(c.args) })),
    { type: 'finish', finishReason: { unified: toolCalls.length ? 'tool-calls' : 'stop', raw: undefined }, usage },
  ];
  return { stream: simulateReadableStream({ chunks }) };
}

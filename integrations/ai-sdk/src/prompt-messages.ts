/**
 * AI SDK prompts (language model spec v3) and results to guard messages and back. Only text goes
 * out: text parts (not reasoning, not files), tool calls, and each tool result as a tool message.
 * Every guard message remembers where it came from, so a transform writes the texts back into the
 * same parts and leaves everything else as it was.
 */
import type { LanguageModelV3Content, LanguageModelV3Message, LanguageModelV3Prompt, LanguageModelV3ToolResultOutput } from '@ai-sdk/provider';
import type { GuardMessage } from '@portcullis/agent-guard';

/** A prompt as guard messages, with the prompt position of each (the tool-result part for a tool message). */
export interface GuardPrompt {
  messages: GuardMessage[];
  origins: { message: number; part?: number }[];
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** The text a tool result's output carries. */
function outputText(output: LanguageModelV3ToolResultOutput): string | undefined {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value);
    default:
      return undefined;
  }
}

/** The prompt's guard view; a prompt tool message gives one guard tool message per result. */
export function promptToGuard(prompt: LanguageModelV3Prompt): GuardPrompt {
  const messages: GuardMessage[] = [];
  const origins: GuardPrompt['origins'] = [];
  prompt.forEach((message, index) => {
    switch (message.role) {
      case 'system':
        messages.push({ role: 'system', texts: [message.content] });
        origins.push({ message: index });
        return;
      case 'user':
      case 'assistant': {
        const texts = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []));
        const calls = message.role === 'assistant' ? message.content.flatMap((part) => (part.type === 'tool-call' && !part.providerExecuted ? [{ id: part.toolCallId, name: part.toolName, args: isObject(part.input) ? part.input : {} }] : [])) : [];
        messages.push({ role: message.role, texts, ...(calls.length ? { toolCalls: calls } : {}) });
        origins.push({ message: index });
        return;
      }
      case 'tool':
        message.content.forEach((part, partIndex) => {
          if (part.type !== 'tool-result') return;
          const text = outputText(part.output);
          if (text === undefined) return;
          messages.push({ role: 'tool', texts: [text], toolCallId: part.toolCallId });
          origins.push({ message: index, part: partIndex });
        });
        return;
    }
  });
  return { messages, origins };
}

/** A tool result output carrying `text` in place of the original's (json outputs become text). */
function outputWith(output: LanguageModelV3ToolResultOutput, text: string): LanguageModelV3ToolResultOutput {
  if (output.type === 'error-text' || output.type === 'error-json') return { type: 'error-text', value: text };
  return { type: 'text', value: text };
}

/** Text parts of `parts` given the texts in order; texts beyond the existing parts are appended. */
function withTextParts<P extends { type: string }>(parts: readonly P[], texts: readonly string[]): P[] {
  let next = 0;
  const out = parts.map((part) => (part.type === 'text' ? ({ ...part, text: texts[next++] ?? '' } as P) : part));
  for (; next < texts.length; next++) out.push({ type: 'text', text: texts[next] } as unknown as P);
  return out;
}

/** The prompt with `rewritten` (same order as `promptToGuard` gave) written back. */
export function guardToPrompt(prompt: LanguageModelV3Prompt, view: GuardPrompt, rewritten: readonly GuardMessage[]): LanguageModelV3Prompt {
  const out: LanguageModelV3Message[] = prompt.map((message) => ({ ...message, content: Array.isArray(message.content) ? [...message.content] : message.content }) as LanguageModelV3Message);
  rewritten.forEach((guard, i) => {
    const origin = view.origins[i];
    const message = out[origin.message];
    if (message.role === 'system') {
      message.content = guard.texts.join('');
    } else if (message.role === 'tool') {
      const part = message.content[origin.part!];
      if (part.type === 'tool-result') message.content[origin.part!] = { ...part, output: outputWith(part.output, guard.texts.join('')) };
    } else {
      const args = new Map((guard.toolCalls ?? []).map((call) => [call.id, call.args]));
      const parts = withTextParts(message.content as { type: string }[], guard.texts).map((part) => {
        const call = part as { type: string; toolCallId?: string };
        return call.type === 'tool-call' && args.has(call.toolCallId!) ? { ...call, input: args.get(call.toolCallId!) } : part;
      });
      message.content = parts as typeof message.content;
    }
  });
  return out;
}

/** The model's result content as one assistant guard message (text parts and the tool calls it asks the caller to run). */
export function contentToGuard(content: readonly LanguageModelV3Content[]): GuardMessage {
  const texts = content.flatMap((part) => (part.type === 'text' ? [part.text] : []));
  const calls = content.flatMap((part) => {
    if (part.type !== 'tool-call' || part.providerExecuted) return [];
    let args: unknown;
    try {
      args = JSON.parse(part.input || '{}');
    } catch {
      args = { input: part.input };
    }
    return [{ id: part.toolCallId, name: part.toolName, args: isObject(args) ? args : { input: args } }];
  });
  return { role: 'assistant', texts, ...(calls.length ? { toolCalls: calls } : {}) };
}

/** The content with the guard message's texts and tool-call arguments written back. */
export function guardToContent(content: readonly LanguageModelV3Content[], guard: GuardMessage): LanguageModelV3Content[] {
  const args = new Map((guard.toolCalls ?? []).map((call) => [call.id, call.args]));
  return withTextParts(content, guard.texts).map((part) => (part.type === 'tool-call' && args.has(part.toolCallId) ? { ...part, input: JSON.stringify(args.get(part.toolCallId)) } : part));
}

/** The v2 chat client format, through the official `cohere-ai` SDK (v8, CohereClientV2). */
import { CohereClientV2, type Cohere } from 'cohere-ai';
import type { ChatClientDriver, ClientTarget, DecodedAnswer, DecodedToolCall, Turn, TurnOptions } from './conversation.js';
import { WEATHER_TOOL } from './conversation.js';

function messages(turns: readonly Turn[]): Cohere.ChatMessageV2[] {
  return turns.map((turn): Cohere.ChatMessageV2 => {
    if (turn.role === 'user') return { role: 'user', content: turn.text };
    if (turn.role === 'tool') return { role: 'tool', toolCallId: turn.callId, content: turn.result };
    return {
      role: 'assistant',
      toolCalls: turn.calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } })),
    };
  });
}

const TOOLS: Cohere.ToolV2[] = [{ type: 'function', function: { name: WEATHER_TOOL.name, description: WEATHER_TOOL.description, parameters: { ...WEATHER_TOOL.parameters } } }];

function usageOf(usage: Cohere.Usage | undefined): DecodedAnswer['usage'] {
  const tokens = usage?.tokens;
  return tokens ? { input: tokens.inputTokens ?? 0, output: tokens.outputTokens ?? 0 } : undefined;
}

const callOf = (c: Cohere.ToolCallV2): DecodedToolCall => ({
  id: c.id ?? '',
  name: c.function?.name ?? '',
  arguments: JSON.parse(c.function?.arguments || '{}') as Record<string, unknown>,
});

/** A v2 chat driver: `baseUrl` `{proxy}/{slug}`, key as the bearer token. */
export function cohereClient(target: ClientTarget): ChatClientDriver {
  const client = new CohereClientV2({ token: target.key, baseUrl: target.base });
  const requestOptions = (signal?: AbortSignal) => ({ maxRetries: 0, abortSignal: signal, headers: target.headers });
  return {
    format: 'cohere-v2',
    async send(model: string, turns: readonly Turn[], options: TurnOptions): Promise<DecodedAnswer> {
      const body = { model, messages: messages(turns), ...(options.tools === false ? {} : { tools: TOOLS }) };
      if (!options.stream) {
        const { data, rawResponse } = await client.chat(body, requestOptions(options.signal)).withRawResponse();
        const content = data.message.content ?? [];
        return {
          text: content.map((c) => (c.type === 'text' ? c.text : '')).join(''),
          toolCalls: (data.message.toolCalls ?? []).map(callOf),
          usage: usageOf(data.usage),
          headers: rawResponse.headers,
        };
      }
      let text = '';
      const calls: Array<{ id: string; name: string; args: string }> = [];
      let usage: DecodedAnswer['usage'];
      for await (const event of await client.chatStream(body, requestOptions(options.signal))) {
        if (event.type === 'content-delta') text += event.delta?.message?.content?.text ?? '';
        if (event.type === 'tool-call-start') {
          const call = event.delta?.message?.toolCalls;
          calls[event.index ?? calls.length] = { id: call?.id ?? '', name: call?.function?.name ?? '', args: call?.function?.arguments ?? '' };
        }
        if (event.type === 'tool-call-delta') calls[event.index ?? calls.length - 1]!.args += event.delta?.message?.toolCalls?.function?.arguments ?? '';
        if (event.type === 'message-end') usage = usageOf(event.delta?.usage);
      }
      return {
        text,
        toolCalls: calls.map((c) => ({ id: c.id, name: c.name, arguments: JSON.parse(c.args || '{}') as Record<string, unknown> })),
        usage,
      };
    },
  };
}

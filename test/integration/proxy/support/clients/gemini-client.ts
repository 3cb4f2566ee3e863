/** The generateContent client format, through the official `@google/genai` SDK. */
import { GoogleGenAI, type Content, type GenerateContentResponse, type Tool } from '@google/genai';
import type { ChatClientDriver, ClientTarget, DecodedAnswer, DecodedToolCall, Turn, TurnOptions } from './conversation.js';
import { WEATHER_TOOL } from './conversation.js';

function contents(turns: readonly Turn[]): Content[] {
  return turns.map((turn): Content => {
    if (turn.role === 'user') return { role: 'user', parts: [{ text: turn.text }] };
    if (turn.role === 'tool') {
      return { role: 'user', parts: [{ functionResponse: { ...(turn.callId ? { id: turn.callId } : {}), name: turn.name, response: { output: turn.result } } }] };
    }
    return { role: 'model', parts: turn.calls.map((c) => ({ functionCall: { ...(c.id ? { id: c.id } : {}), name: c.name, args: c.arguments } })) };
  });
}

const TOOLS: Tool[] = [{ functionDeclarations: [{ name: WEATHER_TOOL.name, description: WEATHER_TOOL.description, parametersJsonSchema: WEATHER_TOOL.parameters }] }];

/** Text and calls of candidate 0 of one response or chunk. */
function partsOf(response: GenerateContentResponse): { text: string; calls: DecodedToolCall[] } {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  return {
    text: parts.map((p) => (p.text !== undefined && !p.thought ? p.text : '')).join(''),
    calls: parts.flatMap((p) => (p.functionCall ? [{ id: p.functionCall.id ?? '', name: p.functionCall.name ?? '', arguments: p.functionCall.args ?? {} }] : [])),
  };
}

function usageOf(response: GenerateContentResponse): DecodedAnswer['usage'] {
  const u = response.usageMetadata;
  return u ? { input: u.promptTokenCount ?? 0, output: u.candidatesTokenCount ?? 0 } : undefined;
}

function headersOf(response: GenerateContentResponse): Headers | undefined {
  const raw = response.sdkHttpResponse?.headers;
  return raw ? new Headers(raw) : undefined;
}

/** A generateContent driver: `httpOptions.baseUrl` `{proxy}/{slug}`, key in `x-goog-api-key`. */
export function geminiClient(target: ClientTarget): ChatClientDriver {
  const ai = new GoogleGenAI({ apiKey: target.key, httpOptions: { baseUrl: target.base, headers: target.headers, retryOptions: { attempts: 1 } } });
  return {
    format: 'gemini',
    async send(model: string, turns: readonly Turn[], options: TurnOptions): Promise<DecodedAnswer> {
      const request = { model, contents: contents(turns), config: { abortSignal: options.signal, ...(options.tools === false ? {} : { tools: TOOLS }) } };
      if (!options.stream) {
        const response = await ai.models.generateContent(request);
        const { text, calls } = partsOf(response);
        return { text, toolCalls: calls, usage: usageOf(response), headers: headersOf(response) };
      }
      let text = '';
      const toolCalls: DecodedToolCall[] = [];
      let usage: DecodedAnswer['usage'];
      let headers: Headers | undefined;
      for await (const chunk of await ai.models.generateContentStream(request)) {
        const parts = partsOf(chunk);
        text += parts.text;
        toolCalls.push(...parts.calls);
        usage = usageOf(chunk) ?? usage;
        headers ??= headersOf(chunk);
      }
      return { text, toolCalls, usage, headers };
    },
  };
}

/**
 * A client-neutral conversation and answer, so one test can drive any client format: each
 * client driver writes the conversation in its own format (through its official SDK) and reads
 * the answer back into a DecodedAnswer.
 */
import type { WireFormatId } from '../../../../../core/canonical/index.js';

/** A tool call as a client decoded it. */
export interface DecodedToolCall {
  /** The call id the client saw ('' when the format has none). */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** What a client decoded from one answer. */
export interface DecodedAnswer {
  text: string;
  toolCalls: DecodedToolCall[];
  /** Token counts as the client format reports them; undefined where it carries none. */
  usage?: { input: number; output: number };
  /** The response headers of the proxy's answer, where the SDK exposes them. */
  headers?: Headers;
}

/** One turn of a client-neutral conversation. */
export type Turn =
  | { role: 'user'; text: string }
  | { role: 'assistant'; calls: DecodedToolCall[] }
  | { role: 'tool'; callId: string; name: string; result: string };

/** The tool every conversation declares. */
export const WEATHER_TOOL = {
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string', description: 'City name' } },
    required: ['city'],
  },
} as const;

export interface TurnOptions {
  stream: boolean;
  /** Declare WEATHER_TOOL (default true). */
  tools?: boolean;
  /** Aborts the request (client disconnect). */
  signal?: AbortSignal;
}

/** A client format driven through its SDK (or raw HTTP) against a consumer's proxy URL. */
export interface ChatClientDriver {
  readonly format: WireFormatId;
  /** Sends the conversation to `model` and decodes the answer. */
  send(model: string, turns: readonly Turn[], options: TurnOptions): Promise<DecodedAnswer>;
}

/** Where a driver sends: the consumer's proxy base (`http://host:port/{slug}`) and its key. */
export interface ClientTarget {
  base: string;
  key: string;
  headers?: Record<string, string>;
}

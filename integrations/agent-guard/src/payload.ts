/**
 * Evaluate payloads in the chat-completions shape the guardrail service reads (spec 2.6), built
 * from guard messages, and the way back: a `transformed_payload` is applied only when it has the
 * shape that was sent (same message count, roles, tool names and ids, text where text was);
 * anything else is an UnappliablePayload, which fails closed (spec 4.5).
 */
import type { GuardMessage, GuardToolCall } from './guard-message.js';
import type { PayloadTool } from './settings.js';

/** A transformed payload that cannot be applied safely. */
export class UnappliablePayload extends Error {
  override readonly name = 'UnappliablePayload';
  constructor(reason: string) {
    super(`transformed_payload cannot be applied: ${reason}`);
  }
}

type WireContent = string | { type: 'text'; text: string }[];

/** One text stays a plain string; several (or none) go as text parts, so each maps back to its own part. */
function wireContent(texts: readonly string[]): WireContent {
  return texts.length === 1 ? texts[0] : texts.map((text) => ({ type: 'text' as const, text }));
}

function wireToolCall(call: GuardToolCall) {
  return { id: call.id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) } };
}

/** A message in the chat-completions shape. */
export function wireMessage(message: GuardMessage): Record<string, unknown> {
  const wire: Record<string, unknown> = { role: message.role, content: wireContent(message.texts) };
  if (message.role === 'assistant' && message.toolCalls?.length) wire.tool_calls = message.toolCalls.map(wireToolCall);
  if (message.role === 'tool') wire.tool_call_id = message.toolCallId ?? '';
  return wire;
}

/** The input payload: the conversation (and the declared tool schemas, evaluation only). */
export function inputPayload(messages: readonly GuardMessage[], model: string | undefined, tools: readonly PayloadTool[] = []): Record<string, unknown> {
  return { ...(model ? { model } : {}), messages: messages.map(wireMessage), ...(tools.length ? { tools } : {}) };
}

/** The output payload: the model's assembled message as a chat completion. */
export function outputPayload(message: GuardMessage, model: string | undefined): Record<string, unknown> {
  const finish = message.toolCalls?.length ? 'tool_calls' : 'stop';
  return { ...(model ? { model } : {}), choices: [{ index: 0, finish_reason: finish, message: wireMessage(message) }] };
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** The texts of a transformed message's content, checked against the original's. */
function textsBack(original: GuardMessage, content: unknown, where: string): string[] {
  if (original.texts.length === 1) {
    if (typeof content !== 'string') throw new UnappliablePayload(`${where}/content is no longer text`);
    return [content];
  }
  if (!Array.isArray(content) || content.length !== original.texts.length) throw new UnappliablePayload(`${where}/content has a different number of parts`);
  return content.map((part, i) => {
    if (!isObject(part) || part.type !== 'text' || typeof part.text !== 'string') throw new UnappliablePayload(`${where}/content/${i} is not a text block`);
    return part.text;
  });
}

/** The tool calls of a transformed assistant message: same ids and names, arguments still a JSON object. */
function toolCallsBack(original: GuardMessage, wire: Record<string, unknown>, where: string): GuardToolCall[] | undefined {
  const calls = original.toolCalls ?? [];
  if (!calls.length) {
    if (wire.tool_calls !== undefined) throw new UnappliablePayload(`${where}/tool_calls was added`);
    return original.toolCalls;
  }
  const back = wire.tool_calls;
  if (!Array.isArray(back) || back.length !== calls.length) throw new UnappliablePayload(`${where}/tool_calls has a different count`);
  return calls.map((call, i) => {
    const got = back[i] as { id?: unknown; function?: { name?: unknown; arguments?: unknown } };
    if (!isObject(got) || got.id !== call.id) throw new UnappliablePayload(`${where}/tool_calls/${i}/id changed`);
    if (got.function?.name !== call.name) throw new UnappliablePayload(`${where}/tool_calls/${i}/function/name changed`);
    let args: unknown;
    try {
      args = typeof got.function.arguments === 'string' ? JSON.parse(got.function.arguments) : undefined;
    } catch {
      args = undefined;
    }
    if (!isObject(args)) throw new UnappliablePayload(`${where}/tool_calls/${i}/function/arguments is no longer a JSON object`);
    return { ...call, args };
  });
}

/** One transformed message applied onto its original. */
function messageBack(original: GuardMessage, wire: unknown, where: string): GuardMessage {
  if (!isObject(wire)) throw new UnappliablePayload(`${where} is not a message`);
  if (wire.role !== original.role) throw new UnappliablePayload(`${where}/role changed`);
  if (original.role === 'tool' && wire.tool_call_id !== (original.toolCallId ?? '')) throw new UnappliablePayload(`${where}/tool_call_id changed`);
  const texts = textsBack(original, wire.content, where);
  const toolCalls = toolCallsBack(original, wire, where);
  return { ...original, texts, ...(toolCalls ? { toolCalls } : {}) };
}

/** The messages of an input `transformed_payload`; throws UnappliablePayload when its shape changed. */
export function applyInputTransform(messages: readonly GuardMessage[], transformed: unknown): GuardMessage[] {
  const back = isObject(transformed) ? transformed.messages : undefined;
  if (!Array.isArray(back)) throw new UnappliablePayload('/messages is missing');
  if (back.length !== messages.length) throw new UnappliablePayload(`/messages holds ${back.length} messages, ${messages.length} were sent`);
  return messages.map((message, i) => messageBack(message, back[i], `/messages/${i}`));
}

/** The message of an output `transformed_payload`; throws UnappliablePayload when its shape changed. */
export function applyOutputTransform(message: GuardMessage, transformed: unknown): GuardMessage {
  const choices = isObject(transformed) ? transformed.choices : undefined;
  if (!Array.isArray(choices) || choices.length !== 1) throw new UnappliablePayload('/choices does not hold the one message sent');
  return messageBack(message, (choices[0] as { message?: unknown })?.message, '/choices/0/message');
}

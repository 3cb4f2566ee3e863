/**
 * The canonical response (or a stream assembled so far) as a chat.completion body for output
 * evaluation. The format's answer text is one string: several text parts are joined, and a
 * masked answer is written back into the first of them (the others emptied), which keeps the
 * text the client sees and the part count.
 */
import type { CanonicalResponse } from '../../core/plugin/index.js';
import type { Invariant, TextSlot } from './text-slots.js';

type Json = Record<string, unknown>;

/** The evaluation body of an answer and how to map a transform back. */
export interface ResponsePayload {
  body: Json;
  slots: TextSlot<CanonicalResponse>[];
  invariants: Invariant[];
}

/** The canonical answer as a chat completion with its text slots. */
export function responsePayload(response: CanonicalResponse, model: string): ResponsePayload {
  const slots: TextSlot<CanonicalResponse>[] = [];
  const invariants: Invariant[] = [];
  const textIndexes = response.content.flatMap((part, p) => (part.type === 'text' && !part.native ? [p] : []));
  const message: Json = {
    role: 'assistant',
    content: textIndexes.length ? textIndexes.map((p) => (response.content[p] as { text: string }).text).join('') : null,
  };
  if (textIndexes.length) {
    slots.push({
      path: ['choices', 0, 'message', 'content'],
      write: (r, text) =>
        textIndexes.forEach((p, n) => {
          (r.content[p] as { text: string }).text = n === 0 ? text : '';
        }),
    });
  }
  const refusals = response.content.flatMap((part, p) => (part.type === 'refusal' ? [p] : []));
  if (refusals.length) {
    message.refusal = refusals.map((p) => (response.content[p] as { text: string }).text).join('');
    slots.push({ path: ['choices', 0, 'message', 'refusal'], write: (r, text) => refusals.forEach((p, n) => ((r.content[p] as { text: string }).text = n === 0 ? text : '')) });
  }
  const calls: Json[] = [];
  response.content.forEach((part, p) => {
    if (part.type !== 'tool_call') return;
    const k = calls.length;
    invariants.push({ path: ['choices', 0, 'message', 'tool_calls', k, 'id'], value: part.id }, { path: ['choices', 0, 'message', 'tool_calls', k, 'function', 'name'], value: part.name });
    slots.push({ path: ['choices', 0, 'message', 'tool_calls', k, 'function', 'arguments'], write: (r, text) => ((r.content[p] as { arguments: string }).arguments = text) });
    calls.push({ id: part.id, type: 'function', function: { name: part.name, arguments: part.arguments } });
  });
  if (calls.length) message.tool_calls = calls;
  invariants.push({ path: ['choices', 'length'], value: 1 });
  return {
    body: {
      id: response.id || 'portcullis',
      object: 'chat.completion',
      created: response.created,
      model: response.model || model,
      choices: [{ index: 0, message, finish_reason: response.finish_reason === 'tool_calls' ? 'tool_calls' : 'stop' }],
    },
    slots,
    invariants,
  };
}

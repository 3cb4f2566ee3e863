/**
 * The canonical request as a chat-completions body for evaluation: system, developer and user
 * text, assistant text and tool calls, tool results (one tool message per result, as the
 * format requires) and base64 documents as file parts. Each string is a text slot, so a
 * transformed body maps back onto the canonical request.
 */
import type { CanonicalRequest, ContentPart } from '../../core/plugin/index.js';
import type { Invariant, TextSlot } from './text-slots.js';

type Json = Record<string, unknown>;

/** The evaluation body of a request and how to map a transform back. */
export interface RequestPayload {
  body: Json;
  slots: TextSlot<CanonicalRequest>[];
  invariants: Invariant[];
}

function textParts(parts: ContentPart[], m: number, at: (number | string)[], slots: TextSlot<CanonicalRequest>[]): Json[] {
  const out: Json[] = [];
  parts.forEach((part, p) => {
    if (part.type === 'text' && !part.native) {
      slots.push({ path: [...at, out.length, 'text'], write: (r, text) => ((r.messages[m].content[p] as { text: string }).text = text) });
      out.push({ type: 'text', text: part.text });
    } else if (part.type === 'refusal') {
      slots.push({ path: [...at, out.length, 'text'], write: (r, text) => ((r.messages[m].content[p] as { text: string }).text = text) });
      out.push({ type: 'text', text: part.text });
    } else if (part.type === 'document' && part.source.kind === 'base64') {
      out.push({ type: 'file', file: { file_data: `data:${part.source.media_type};base64,${part.source.data}`, ...(part.name ? { filename: part.name } : {}) } });
    }
  });
  return out;
}

/** The canonical request as a chat-completions body with its text slots. */
export function requestPayload(request: CanonicalRequest): RequestPayload {
  const slots: TextSlot<CanonicalRequest>[] = [];
  const invariants: Invariant[] = [];
  const messages: Json[] = [];
  const push = (message: Json) => {
    invariants.push({ path: ['messages', messages.length, 'role'], value: message.role });
    messages.push(message);
  };

  request.messages.forEach((message, m) => {
    // Tool results travel as tool messages of their own, whatever message carried them.
    message.content.forEach((part, p) => {
      if (part.type !== 'tool_result') return;
      const i = messages.length;
      invariants.push({ path: ['messages', i, 'tool_call_id'], value: part.tool_call_id });
      const content: Json[] = [];
      part.content.forEach((inner, q) => {
        if (inner.type !== 'text') return;
        slots.push({ path: ['messages', i, 'content', content.length, 'text'], write: (r, text) => (((r.messages[m].content[p] as { content: Array<{ text: string }> }).content[q]).text = text) });
        content.push({ type: 'text', text: inner.text });
      });
      push({ role: 'tool', tool_call_id: part.tool_call_id, content: content.length ? content : '' });
    });

    const own = message.content.filter((c) => c.type !== 'tool_result');
    if (message.role === 'tool' || (own.length === 0 && message.content.length > 0)) return;
    const i = messages.length;
    if (message.role === 'assistant') {
      const content = textParts(message.content, m, ['messages', i, 'content'], slots);
      const calls: Json[] = [];
      message.content.forEach((part, p) => {
        if (part.type !== 'tool_call') return;
        const k = calls.length;
        invariants.push({ path: ['messages', i, 'tool_calls', k, 'id'], value: part.id }, { path: ['messages', i, 'tool_calls', k, 'function', 'name'], value: part.name });
        slots.push({ path: ['messages', i, 'tool_calls', k, 'function', 'arguments'], write: (r, text) => ((r.messages[m].content[p] as { arguments: string }).arguments = text) });
        calls.push({ id: part.id, type: 'function', function: { name: part.name, arguments: part.arguments } });
      });
      push({ role: 'assistant', content: content.length ? content : calls.length ? null : '', ...(calls.length ? { tool_calls: calls } : {}) });
      return;
    }
    const content = textParts(message.content, m, ['messages', i, 'content'], slots);
    push({ role: message.role, content: content.length ? content : '' });
  });
  invariants.push({ path: ['messages', 'length'], value: messages.length });
  return { body: { model: request.model, messages }, slots, invariants };
}

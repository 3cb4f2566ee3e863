/**
 * MCP tool traffic as evaluate payloads, in the messages shape the guardrail service reads
 * string by string: a call's arguments as a `tool_use` block's `input` (each string value a
 * `tool_call` segment), a result's text as a `tool_result` block (`tool_result` segments, where
 * indirect_prompt_injection applies), and a tool's description likewise as tool-sourced text.
 * Each string is a text slot, so a masked payload is written back onto a copy of the arguments or
 * the result; everything else (keys, numbers, images) is left as it was.
 */
import { isObject, type McpToolCall, type McpToolEntry, type McpToolResult, setValueAt } from '../../core/plugin/index.js';
import type { StagePayload } from './stage-evaluation.js';
import { type TextSlot, UnappliablePayload } from './text-slots.js';

type Json = Record<string, unknown>;
type Path = Array<string | number>;

/** The id the payloads give the one call they carry (the service checks it comes back unchanged). */
const CALL_ID = 'toolu_gateway';

/** Deepest nesting of arguments or structured content inspected; deeper is refused as uninspectable. */
export const MAX_INSPECTED_DEPTH = 64;

/**
 * Every string value inside `root` with its path, keys excluded, walked with an explicit stack
 * (arguments come from the client: their depth must not reach the call stack). A value nested
 * deeper than MAX_INSPECTED_DEPTH cannot be inspected: UnappliablePayload, which the policy's
 * failure mode resolves (nothing deeper passes unseen).
 */
export function stringLeaves(root: unknown): Array<{ path: Path; text: string }> {
  const out: Array<{ path: Path; text: string }> = [];
  const stack: Array<{ value: unknown; path: Path }> = [{ value: root, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (path.length > MAX_INSPECTED_DEPTH && value !== null && typeof value === 'object') {
      throw new UnappliablePayload(`a value is nested deeper than ${MAX_INSPECTED_DEPTH} levels and cannot be inspected`);
    }
    if (typeof value === 'string') out.push({ path, text: value });
    else if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
    else if (isObject(value)) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], path: [...path, entries[i]![0]] });
    }
  }
  return out;
}

/** A call's arguments as an assistant `tool_use` block; slots write masked strings back into a copy of the arguments. */
export function toolCallPayload(call: McpToolCall): StagePayload<Json> {
  const block = ['messages', 0, 'content', 0];
  const slots: TextSlot<Json>[] = stringLeaves(call.arguments).map(({ path }) => ({
    path: [...block, 'input', ...path],
    write: (args, text) => setValueAt(args, path, text),
  }));
  return {
    body: { messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: CALL_ID, name: call.tool.upstreamName, input: call.arguments }] }] },
    slots,
    invariants: [
      { path: ['messages', 'length'], value: 1 },
      { path: [...block, 'id'], value: CALL_ID },
      { path: [...block, 'name'], value: call.tool.upstreamName },
    ],
  };
}

type ToolOutcome = McpToolResult['result'];

/**
 * A result's text as one `tool_result` block: each text item, each text resource, and each
 * string of `structuredContent` (the same data as JSON) as a text block of its own. Images,
 * audio and links are not text and stay out.
 */
export function toolResultPayload(result: ToolOutcome): StagePayload<ToolOutcome> {
  const blocks: Json[] = [];
  const slots: TextSlot<ToolOutcome>[] = [];
  const add = (text: string, write: TextSlot<ToolOutcome>['write']) => {
    slots.push({ path: ['messages', 0, 'content', 0, 'content', blocks.length, 'text'], write });
    blocks.push({ type: 'text', text });
  };
  result.content.forEach((item, i) => {
    if (item.type === 'text' && typeof item.text === 'string') add(item.text, (r, text) => setValueAt(r, ['content', i, 'text'], text));
    else if (item.type === 'resource' && isObject(item.resource) && typeof item.resource.text === 'string') {
      add(item.resource.text, (r, text) => setValueAt(r, ['content', i, 'resource', 'text'], text));
    }
  });
  if (result.structuredContent) {
    for (const { path, text } of stringLeaves(result.structuredContent)) add(text, (r, masked) => setValueAt(r, ['structuredContent', ...path], masked));
  }
  return {
    body: { messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: CALL_ID, content: blocks }] }] },
    slots,
    invariants: [
      { path: ['messages', 'length'], value: 1 },
      { path: ['messages', 0, 'content', 0, 'tool_use_id'], value: CALL_ID },
    ],
  };
}

/** How many schema nodes of one tool are read for descriptions (a declaration is the server's, bounded by the list's size; this bounds the walk). */
const MAX_SCHEMA_NODES = 2_000;

/**
 * The text of a tool's declaration a model reads as guidance: its title, its description and the
 * descriptions inside its input schema (where poisoned tools hide instructions too), one per line.
 */
export function declarationText(tool: McpToolEntry): string {
  const { title, description, inputSchema } = tool.definition as { title?: unknown; description?: unknown; inputSchema?: unknown };
  const lines: string[] = [];
  if (typeof title === 'string' && title.trim()) lines.push(title);
  if (typeof description === 'string' && description.trim()) lines.push(description);
  const stack: unknown[] = [inputSchema];
  for (let seen = 0; stack.length && seen < MAX_SCHEMA_NODES; seen++) {
    const node = stack.pop();
    if (Array.isArray(node)) for (const item of node) stack.push(item);
    else if (isObject(node)) {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'description' && typeof value === 'string' && value.trim()) lines.push(value);
        else if (value && typeof value === 'object') stack.push(value);
      }
    }
  }
  return lines.join('\n');
}

/** A declaration's text as tool-sourced content. */
export function declarationPayload(text: string): Json {
  return { messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: CALL_ID, content: [{ type: 'text', text }] }] }] };
}

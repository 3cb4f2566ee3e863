import { type ContentPart, type DocumentPart, FormatError, type ImagePart, type SameFormatFeature, type TextPart, type ThinkingPart, type ToolCallPart, type ToolResultPart } from '../../../core/plugin/index.js';
import { decodeCache } from './cache-control.js';
import { childPath, expectArray, expectObject, optionalBoolean, optionalString, requireString, type JsonObject } from '../../shared/formats/json-fields.js';
import { decodeSource } from './media-source.js';

/**
 * Content blocks of request messages -> canonical parts
 * (https://docs.anthropic.com/en/api/messages, `messages[].content`). Blocks the canonical model
 * has no type for (server-tool blocks, search results, custom-content documents) are noted as
 * same-format-only features instead of being dropped.
 */

/** Blocks only Anthropic itself can serve, by type, with the reason other formats cannot. */
const SAME_FORMAT_BLOCKS: Record<string, string> = {
  search_result: 'search result blocks with citation sources exist only in Anthropic',
  server_tool_use: 'server tools run on Anthropic',
  web_search_tool_result: 'server tools run on Anthropic',
  web_fetch_tool_result: 'server tools run on Anthropic',
  code_execution_tool_result: 'server tools run on Anthropic',
  bash_code_execution_tool_result: 'server tools run on Anthropic',
  text_editor_code_execution_tool_result: 'server tools run on Anthropic',
  tool_search_tool_result: 'server tools run on Anthropic',
  mcp_tool_use: 'the MCP connector runs on Anthropic',
  mcp_tool_result: 'the MCP connector runs on Anthropic',
  container_upload: 'containers live on Anthropic',
  tool_reference: 'tool search runs on Anthropic',
};

/** A message's `content`: a string, or an array of blocks (each an object with a `type`). */
export function blockList(raw: unknown, path: string): Array<{ block: JsonObject; path: string }> | string {
  if (typeof raw === 'string') return raw;
  return expectArray(raw, path).map((item, i) => {
    const at = childPath(path, i);
    const block = expectObject(item, at);
    requireString(block, 'type', at);
    return { block, path: at };
  });
}

/** A `text` block. */
export function decodeText(block: JsonObject, path: string): TextPart {
  const part: TextPart = { type: 'text', text: requireString(block, 'text', path) };
  const cache = decodeCache(block, path);
  if (cache) part.cache = cache;
  if (block.citations !== undefined && block.citations !== null) part.citations = expectArray(block.citations, childPath(path, 'citations'));
  return part;
}

/** An `image` block. */
function decodeImage(block: JsonObject, path: string): ImagePart {
  const source = decodeSource(block.source, path);
  if (!source) throw new FormatError(`${path}.source.type "content" is for documents only`, `${path}.source.type`);
  const part: ImagePart = { type: 'image', source };
  const cache = decodeCache(block, path);
  if (cache) part.cache = cache;
  return part;
}

/** A `document` block; undefined (noted) for features only Anthropic serves. */
function decodeDocument(block: JsonObject, path: string, notes: SameFormatFeature[]): DocumentPart | undefined {
  const source = decodeSource(block.source, path);
  if (!source) {
    notes.push({ feature: `${path}.source.type=content`, reason: 'custom-content documents exist only in Anthropic' });
    return undefined;
  }
  const citations = block.citations;
  if (citations !== undefined && citations !== null && expectObject(citations, childPath(path, 'citations')).enabled === true) {
    notes.push({ feature: `${path}.citations`, reason: 'document citations exist only in Anthropic' });
  }
  const part: DocumentPart = { type: 'document', source };
  const title = optionalString(block, 'title', path);
  if (title !== undefined) part.title = title;
  const context = optionalString(block, 'context', path);
  if (context !== undefined) part.context = context;
  const cache = decodeCache(block, path);
  if (cache) part.cache = cache;
  return part;
}

/** A `tool_use` block (assistant turns); `input` becomes JSON text. */
export function decodeToolUse(block: JsonObject, path: string): ToolCallPart {
  const part: ToolCallPart = {
    type: 'tool_call',
    id: requireString(block, 'id', path),
    name: requireString(block, 'name', path),
    arguments: JSON.stringify(expectObject(block.input, childPath(path, 'input'))),
  };
  const cache = decodeCache(block, path);
  if (cache) part.cache = cache;
  return part;
}

/** A `thinking` or `redacted_thinking` block; both round-trip byte for byte. */
export function decodeThinking(block: JsonObject, path: string): ThinkingPart {
  if (block.type === 'redacted_thinking') return { type: 'thinking', text: '', redacted_data: requireString(block, 'data', path) };
  return { type: 'thinking', text: requireString(block, 'thinking', path), signature: requireString(block, 'signature', path) };
}

/** A `tool_result` block; `name` is the called tool's, when an earlier turn shows it. */
export function decodeToolResult(
  block: JsonObject,
  path: string,
  toolNames: Map<string, string>,
  notes: SameFormatFeature[],
): ToolResultPart {
  const id = requireString(block, 'tool_use_id', path);
  const part: ToolResultPart = { type: 'tool_result', tool_call_id: id, content: [] };
  const name = toolNames.get(id);
  if (name !== undefined) part.name = name;
  const content = block.content;
  if (typeof content === 'string') part.content.push({ type: 'text', text: content });
  else if (content !== undefined && content !== null) {
    for (const item of blockList(content, childPath(path, 'content')) as Array<{ block: JsonObject; path: string }>) {
      const inner = decodeUserBlock(item.block, item.path, notes);
      if (inner === undefined) continue;
      if (inner.type !== 'text' && inner.type !== 'image' && inner.type !== 'document') {
        throw new FormatError(`${item.path}.type "${item.block.type}" is not allowed in a tool result`, `${item.path}.type`);
      }
      part.content.push(inner);
    }
  }
  const isError = optionalBoolean(block, 'is_error', path);
  if (isError !== undefined) part.is_error = isError;
  const cache = decodeCache(block, path);
  if (cache) part.cache = cache;
  return part;
}

/** A block of a user turn other than `tool_result`; undefined when noted as same-format-only. */
export function decodeUserBlock(block: JsonObject, path: string, notes: SameFormatFeature[]): ContentPart | undefined {
  switch (block.type) {
    case 'text':
      return decodeText(block, path);
    case 'image':
      return decodeImage(block, path);
    case 'document':
      return decodeDocument(block, path, notes);
    default:
      return noteOrReject(block, path, 'user', notes);
  }
}

/** A block of an assistant turn; undefined when noted as same-format-only. */
export function decodeAssistantBlock(block: JsonObject, path: string, notes: SameFormatFeature[]): ContentPart | undefined {
  switch (block.type) {
    case 'text':
      return decodeText(block, path);
    case 'tool_use':
      return decodeToolUse(block, path);
    case 'thinking':
    case 'redacted_thinking':
      return decodeThinking(block, path);
    default:
      return noteOrReject(block, path, 'assistant', notes);
  }
}

/** Block types the canonical model carries, each valid in one role only. */
const ROLE_BOUND = new Set(['text', 'image', 'document', 'tool_use', 'tool_result', 'thinking', 'redacted_thinking']);

/**
 * A known block in the wrong turn is a 400; a block the canonical model has no type for
 * (including types newer than this adapter) is noted, so a same-format upstream still gets it.
 */
function noteOrReject(block: JsonObject, path: string, role: string, notes: SameFormatFeature[]): undefined {
  const type = block.type as string;
  if (ROLE_BOUND.has(type)) throw new FormatError(`${path}.type "${type}" is not allowed in a ${role} turn`, `${path}.type`);
  notes.push({ feature: `${path}.type=${type}`, reason: SAME_FORMAT_BLOCKS[type] ?? 'the gateway has no canonical form for this block' });
  return undefined;
}

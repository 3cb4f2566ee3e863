/**
 * Messages bodies: the top-level `system`, `messages[]` of a request, `content[]` of a
 * response. Text blocks, tool_use inputs (each string value), tool_result content and text
 * documents become segments; base64 documents become attachments. Thinking is left alone: its
 * signature must round-trip untouched.
 */
import { isObject, type Json, type JsonPath } from './json-path.js';
import { sourceOfRole, type SegmentBuilder, type SegmentRole } from './segment-builder.js';
import type { SegmentSource } from '../detector.js';

function documentBlock(b: SegmentBuilder, at: JsonPath, block: Json, fromTool: boolean): void {
  const source = block.source;
  if (!isObject(source)) return;
  const role: SegmentRole | undefined = fromTool ? 'tool' : undefined;
  if (source.type === 'text') b.text([...at, 'source', 'data'], source.data, 'document', role);
  else if (source.type === 'base64') b.attachment(source.data, source.media_type, fromTool, block.title);
  else if (source.type === 'content' && Array.isArray(source.content)) {
    source.content.forEach((c, k) => isObject(c) && c.type === 'text' && b.text([...at, 'source', 'content', k, 'text'], c.text, 'document', role));
  }
}

function blocks(b: SegmentBuilder, path: JsonPath, content: unknown, source: SegmentSource, role: SegmentRole | undefined): void {
  if (typeof content === 'string') {
    b.text(path, content, source, role);
    return;
  }
  if (!Array.isArray(content)) return;
  content.forEach((block, j) => {
    if (!isObject(block)) return;
    const at = [...path, j];
    switch (block.type) {
      case 'text':
        b.text([...at, 'text'], block.text, source, role);
        break;
      case 'document':
        documentBlock(b, at, block, source === 'tool_result');
        break;
      case 'tool_use':
      case 'server_tool_use':
        b.leaves([...at, 'input'], block.input, 'tool_call', 'assistant');
        break;
      case 'tool_result':
        blocks(b, [...at, 'content'], block.content, 'tool_result', 'tool');
        break;
      default:
        break;
    }
  });
}

/** Segments of a messages request. */
export function locateAnthropicRequest(body: Json, b: SegmentBuilder): void {
  blocks(b, ['system'], body.system, 'prompt', 'system');
  if (!Array.isArray(body.messages)) return;
  body.messages.forEach((m, i) => {
    if (!isObject(m)) return;
    const { source, role } = sourceOfRole(m.role);
    blocks(b, ['messages', i, 'content'], m.content, source, role);
  });
}

/** Segments of a messages response. */
export function locateAnthropicResponse(body: Json, b: SegmentBuilder): void {
  blocks(b, ['content'], body.content, 'completion', 'assistant');
}

/**
 * Collects the inspectable text of a payload as segments, each remembering the JSON location
 * of its string, so a detector's redactions can be written back to the same place. Segments
 * and attachments share one id sequence, in document order.
 */
import type { InspectAttachment, InspectSegment, SegmentSource } from '../detector.js';
import type { JsonPath } from './json-path.js';

/** A segment's message role. */
export type SegmentRole = NonNullable<InspectSegment['role']>;

/** A segment and where its text lives in the payload (none for text extracted from a document). */
export interface LocatedSegment extends InspectSegment {
  path?: JsonPath;
}

const DATA_URL = /^data:([^;,]+)[;,]/;

/** Builds the segments and attachments of one payload. */
export class SegmentBuilder {
  readonly segments: LocatedSegment[] = [];
  readonly attachments: InspectAttachment[] = [];
  private next = 0;

  /** A string at `path` (skipped when it is not a non-empty string). */
  text(path: JsonPath, value: unknown, source: SegmentSource, role?: SegmentRole): void {
    if (typeof value !== 'string' || value === '') return;
    this.segments.push({ id: this.next++, text: value, source, ...(role ? { role } : {}), path });
  }

  /** Every string value inside an object or array (tool-call arguments, tool results), keys excluded. */
  leaves(path: JsonPath, value: unknown, source: SegmentSource, role?: SegmentRole): void {
    if (typeof value === 'string') this.text(path, value, source, role);
    else if (Array.isArray(value)) value.forEach((v, i) => this.leaves([...path, i], v, source, role));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) this.leaves([...path, k], v, source, role);
  }

  /** A base64 document (or data URL); images are not documents and are left out by callers. */
  attachment(data: unknown, mediaType: unknown, fromTool: boolean, name?: unknown): void {
    if (typeof data !== 'string' || data === '') return;
    const fromUrl = DATA_URL.exec(data)?.[1];
    this.attachments.push({
      id: this.next++,
      media_type: typeof mediaType === 'string' && mediaType ? mediaType : (fromUrl ?? 'application/octet-stream'),
      data,
      ...(typeof name === 'string' && name ? { name } : {}),
      ...(fromTool ? { from_tool: true } : {}),
    });
  }
}

/** Segment source of a message's own text by its role. */
export function sourceOfRole(role: unknown): { source: SegmentSource; role?: SegmentRole } {
  switch (role) {
    case 'assistant':
    case 'model':
    case 'chatbot':
      return { source: 'completion', role: 'assistant' };
    case 'tool':
    case 'function':
      return { source: 'tool_result', role: 'tool' };
    case 'system':
      return { source: 'prompt', role: 'system' };
    case 'developer':
      return { source: 'prompt', role: 'developer' };
    default:
      return { source: 'prompt', role: 'user' };
  }
}

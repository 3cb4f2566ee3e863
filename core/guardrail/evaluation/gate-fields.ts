/**
 * Resolves a gate field to the values it has in one evaluation. Named fields come from the
 * body (`protocol`, `direction`, `consumer_id`), the collector (`collector.type`), the payload
 * (`model.name` when the attributes name none) and the attributes; any other field is a key
 * under `attributes`, written `attributes.<key>` or just `<key>`, dotted or nested.
 */
import type { FieldValues } from './gate-conditions.js';

/** What gates can see of one evaluation. */
export interface GateContext {
  protocol: string;
  direction: 'input' | 'output';
  consumerId?: string;
  collectorType: string;
  attributes: Record<string, unknown>;
  /** The model named in the payload, when the attributes name none. */
  payloadModel?: string;
}

/**
 * Looks a key up as a literal (dotted) key first, then as a nested path (`path`: the key's parts,
 * when the caller split it once for every look-up).
 */
export function attributeValue(attributes: Record<string, unknown>, key: string, path: readonly string[] = key.split('.')): unknown {
  if (Object.prototype.hasOwnProperty.call(attributes, key)) return attributes[key];
  let node: unknown = attributes;
  for (const part of path) {
    if (!node || typeof node !== 'object' || Array.isArray(node) || !Object.prototype.hasOwnProperty.call(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Stands for an object value: `exists` sees it, no eq/in/matches value can equal it. */
const PRESENT_OBJECT = '\u0000object';

/** Scalars and lists of scalars as strings; an object counts as present but matches no value. */
function valuesOf(value: unknown): FieldValues | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value === '' ? undefined : [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) {
    const list = value.filter((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean').map(String);
    return list.length ? list : undefined;
  }
  return [PRESENT_OBJECT];
}

// What `.` does not match.
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/**
 * `mcp__<server>__<tool>` is the tool `<tool>` (spec 4.5): the name after the first `__` that
 * follows a non-empty server, as `/^mcp__.+?__(.+)$/` reads it, without a line break. Found
 * with indexOf: that expression took time growing with the square of a long name holding one.
 */
export function toolNameOf(name: string): string {
  if (!name.startsWith('mcp__') || LINE_TERMINATOR.test(name)) return name;
  const split = name.indexOf('__', 6);
  return split >= 0 && split + 2 < name.length ? name.slice(split + 2) : name;
}

const first = (...candidates: Array<FieldValues | undefined>) => candidates.find((c) => c && c.length);

/** The values of `field` in this evaluation (undefined when absent). */
export function fieldValues(ctx: GateContext, field: string): FieldValues | undefined {
  const attr = (key: string) => valuesOf(attributeValue(ctx.attributes, key));
  switch (field) {
    case 'protocol':
      return [ctx.protocol];
    case 'direction':
      return [ctx.direction];
    case 'consumer.id':
      return first(ctx.consumerId ? [ctx.consumerId] : undefined, attr('consumer.id'));
    case 'consumer.tag':
      return first(attr('consumer.tag'), attr('consumer.tags'));
    case 'collector.type':
      return [ctx.collectorType];
    case 'model.name':
      return first(attr('model.name'), ctx.payloadModel ? [ctx.payloadModel] : undefined);
    case 'tool.name':
      return attr('tool.name')?.map(toolNameOf);
    default:
      return field.startsWith('attributes.') ? attr(field.slice('attributes.'.length)) : attr(field);
  }
}

/**
 * Reads the walkthroughs of the docs: the shell blocks a page marks to run, and the answers it
 * shows beside them. The marker convention is described in walkthroughs.test.ts.
 */

/** One marked shell block of a page. */
export interface WalkthroughBlock {
  /** The page it comes from and the line its fence opens on (for failure messages). */
  where: string;
  /** The block's text, as the reader sees it. */
  code: string;
  /** The provider URL the block names, which the test replaces with its fake OpenAI's. */
  upstream?: string;
  /** The MCP server URL the block names, which the test replaces with its fake MCP server's. */
  mcp?: string;
  /** The answer a ```json block right after the shell block shows, on one line ('' if none). */
  shown: string;
}

const MARKER = /^<!--\s*walkthrough:\s*([\w-]+)((?:\s+[\w-]+=\S+)*)\s*-->\s*$/;
const FENCE_OPEN = /^```(sh|bash|shell)\s*$/;
const JSON_FENCE_OPEN = /^```json\s*$/;

/** The ```json block that follows line `after` (blank lines between allowed), joined on one line. */
function followingJson(lines: readonly string[], after: number): string {
  let open = after + 1;
  while (open < lines.length && lines[open].trim() === '') open++;
  if (!JSON_FENCE_OPEN.test(lines[open] ?? '')) return '';
  const close = lines.findIndex((line, at) => at > open && line.startsWith('```'));
  return close < 0 ? '' : lines.slice(open + 1, close).map((line) => line.trim()).join(' ');
}

function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const pair of text.trim().split(/\s+/).filter(Boolean)) {
    const at = pair.indexOf('=');
    attributes[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return attributes;
}

/**
 * The blocks of `markdown` marked `<!-- walkthrough: name ... -->`, in page order. A marker must
 * be followed by a shell fence (blank lines between are allowed); anything else is an error, so
 * a marker cannot silently stop covering its block.
 */
export function walkthroughBlocks(markdown: string, page: string, name: string): WalkthroughBlock[] {
  const lines = markdown.split('\n');
  const blocks: WalkthroughBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const marker = MARKER.exec(lines[i]);
    if (!marker || marker[1] !== name) continue;
    let open = i + 1;
    while (open < lines.length && lines[open].trim() === '') open++;
    if (!FENCE_OPEN.test(lines[open] ?? '')) throw new Error(`${page}:${i + 1}: the walkthrough marker is not followed by a shell block`);
    const close = lines.findIndex((line, at) => at > open && line.startsWith('```'));
    if (close < 0) throw new Error(`${page}:${open + 1}: the shell block is not closed`);
    const attributes = attributesOf(marker[2]);
    const code = lines.slice(open + 1, close).join('\n');
    blocks.push({ where: `${page}:${open + 1}`, code, upstream: attributes.upstream, mcp: attributes.mcp, shown: followingJson(lines, close) });
    i = close;
  }
  return blocks;
}

/** A field the doc shows in an answer: its value when the doc gives a literal, else only its presence. */
export interface ShownField {
  key: string;
  value?: string | number | boolean | null;
}

const SHOWN_PAIR = /"([\w-]+)":\s*("(?:[^"\\]|\\.)*"|true|false|null|-?\d+(?:\.\d+)?|\.\.\.|\{\}|\[\])/g;

/** The shown object with its nested objects and arrays emptied, so only top-level fields remain. */
function topLevel(shown: string): string {
  const inner = shown.trim().replace(/^\{/, '').replace(/\}$/, '');
  let flat = inner;
  for (let previous = ''; previous !== flat; ) {
    previous = flat;
    flat = flat.replace(/\{[^{}]*\}/g, '{}').replace(/\[[^[\]]*\]/g, '[]');
  }
  return flat;
}

/**
 * The answers a block shows as comment lines (`# {"ok": true, "stage": "response", ...}`): for
 * each such line, the top-level fields of its first alternative (the text before ` or `). A
 * value written as `...` or a string holding `...` is a placeholder: only the field's presence
 * is checked, and so is a nested object or array (`"usage": {...}`).
 */
export function shownAnswers(code: string): ShownField[][] {
  const answers: ShownField[][] = [];
  for (const line of code.split('\n')) {
    const shown = /^\s*#\s*(\{.*)$/.exec(line);
    if (!shown) continue;
    const alternative = shown[1].split(/\s+or\b/)[0];
    const first = topLevel(alternative.slice(0, alternative.lastIndexOf('}') + 1));
    const fields: ShownField[] = [];
    for (const [, key, raw] of first.matchAll(SHOWN_PAIR)) {
      if (raw.includes('...') || raw === '{}' || raw === '[]') fields.push({ key });
      else fields.push({ key, value: JSON.parse(raw) as ShownField['value'] });
    }
    if (fields.length > 0) answers.push(fields);
  }
  return answers;
}

/**
 * Splits what a block printed into its JSON values: `curl -s` prints answers without a trailing
 * newline, so several answers run together. Text that is not JSON is skipped.
 */
export function jsonValuesIn(output: string): unknown[] {
  const values: unknown[] = [];
  let start = -1;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < output.length; i++) {
    const c = output[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"' && depth > 0) inString = true;
    else if (c === '{' || c === '[') {
      if (depth === 0) start = i;
      depth++;
    } else if ((c === '}' || c === ']') && depth > 0) {
      depth--;
      if (depth === 0) {
        try {
          values.push(JSON.parse(output.slice(start, i + 1)));
        } catch {
          // not JSON after all (a bracket in plain text): skip it
        }
      }
    }
  }
  return values;
}

/** Whether `value` is an object holding every shown field (with the shown value where one is given). */
export function matchesShown(value: unknown, fields: readonly ShownField[]): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return fields.every((field) => field.key in record && (!('value' in field) || field.value === undefined || record[field.key] === field.value));
}

/** The status codes a block shows as comment lines of their own (`# 200`, from `curl -w '%{http_code}\n'`). */
export function shownStatuses(code: string): number[] {
  return [...code.matchAll(/^\s*#\s*(\d{3})\s*$/gm)].map((match) => Number(match[1]));
}

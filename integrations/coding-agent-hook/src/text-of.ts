/**
 * The text of a tool's arguments or result, for the guardrail service's `{input: string}`
 * payload: every string, number and boolean leaf, one per line, with object keys before their
 * values so a detector sees `command: rm -rf /`. Walked with an explicit stack, so a deeply
 * nested result cannot overflow the call stack.
 */

/** Leaves deeper than this are left out (a tool result nests far less). */
const MAX_DEPTH = 64;

/** The text of `value`: a string as it is, anything else as its leaves. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const lines: string[] = [];
  const stack: Array<{ value: unknown; label: string; depth: number }> = [{ value, label: '', depth: 0 }];
  while (stack.length) {
    const { value: current, label, depth } = stack.pop()!;
    if (current === null || current === undefined) continue;
    if (typeof current === 'object') {
      if (depth >= MAX_DEPTH) continue;
      const entries = Array.isArray(current) ? current.map((item) => ['', item] as const) : Object.entries(current);
      // Pushed in reverse so they come off the stack in order.
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], label: entries[i][0], depth: depth + 1 });
      continue;
    }
    const leaf = String(current);
    lines.push(label ? `${label}: ${leaf}` : leaf);
  }
  return lines.join('\n');
}

/**
 * Log lines made without winston and written together once per event-loop turn: a line per
 * request through winston's formats and streams costs a busy gateway some tens of microseconds of
 * CPU, and one write per line a system call each. The lines are those the process logger would
 * write (logger.ts): masked the same way, JSON with its keys in order, or the readable line.
 */
import { isSecretKey, maskSecrets, readableText, scrub } from './line-format.js';

/** Lines held at most before they are written: a burst within one turn is written in parts. */
const MAX_PENDING = 256;

/** What a line needs of a field name, found once per name: a handful of names come back in every line. */
interface FieldName {
  secret: boolean;
  /** The name as a JSON string and a colon. */
  json: string;
}

export class LineBatch {
  private pending: string[] = [];
  private readonly names = new Map<string, FieldName>();

  /** `write` receives the lines of one turn, each ending with a newline; `text`: readable lines instead of JSON. */
  constructor(
    private readonly write: (text: string) => void,
    private readonly text: boolean,
  ) {
    // A process that exits within the turn still writes what it logged.
    process.once('exit', () => this.flush());
  }

  /**
   * Queues the line `message` with the logger's own `meta` fields, then `fields`; a field in both
   * keeps its place among `meta` and takes its value from `fields`, as a winston child's line does.
   */
  add(level: string, message: string, meta: Readonly<Record<string, unknown>>, fields: Record<string, unknown>): void {
    if (this.pending.length === 0) setImmediate(() => this.flush());
    else if (this.pending.length >= MAX_PENDING) this.flush();
    this.pending.push(this.line(level, message, meta, fields));
  }

  /** The line `add` queues, without its newline. */
  line(level: string, message: string, meta: Readonly<Record<string, unknown>>, fields: Record<string, unknown>): string {
    const timestamp = new Date().toISOString();
    const entries: Array<[string, unknown]> = [];
    for (const key of Object.keys(meta)) entries.push([key, this.shown(key, Object.hasOwn(fields, key) ? fields[key] : meta[key])]);
    for (const key of Object.keys(fields)) if (!Object.hasOwn(meta, key)) entries.push([key, this.shown(key, fields[key])]);
    const masked = maskSecrets(message);
    return this.text ? readableText(timestamp, level, masked, entries) : this.jsonLine(entries, level, masked, timestamp);
  }

  /** The value as the line shows it (scrubField's masking, with the name's part found once). */
  private shown(key: string, value: unknown): unknown {
    if (value && this.name(key).secret) return '[redacted]';
    return typeof value === 'string' ? maskSecrets(value) : typeof value === 'object' ? scrub(value) : value;
  }

  private name(key: string): FieldName {
    let name = this.names.get(key);
    if (!name) {
      // Names come from code, not from requests; a bound keeps an unexpected caller from growing it.
      if (this.names.size >= 1000) this.names.clear();
      this.names.set(key, (name = { secret: isSecretKey(key), json: `${JSON.stringify(key)}:` }));
    }
    return name;
  }

  /**
   * The JSON line: every field, level, message and timestamp, keys sorted at every depth as the
   * process logger's JSON sorts them; written field by field, with no object made for the line.
   */
  private jsonLine(entries: Array<[string, unknown]>, level: string, message: string, timestamp: string): string {
    entries.push(['level', level], ['message', message], ['timestamp', timestamp]);
    entries.sort(byKey);
    let line = '';
    for (const [key, value] of entries) {
      const json = JSON.stringify(value !== null && typeof value === 'object' ? sorted(value) : value);
      // Omitted as JSON omits it (undefined, a function).
      if (json !== undefined) line += `${line ? ',' : '{'}${this.name(key).json}${json}`;
    }
    return line ? `${line}}` : '{}';
  }

  /** Writes the queued lines now. */
  flush(): void {
    if (this.pending.length === 0) return;
    const text = this.pending.join('\n') + '\n';
    this.pending = [];
    this.write(text);
  }
}

const byKey = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** `value` with the keys of every object in it in order (a value with its own JSON form keeps it). */
function sorted(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  if (Array.isArray(value)) return value.map(sorted);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value).sort(byKey)) out[key] = sorted(inner);
  return out;
}

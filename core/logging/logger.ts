/**
 * winston JSON logs. Every line may carry a `trace_id`. Values that look like secrets (gateway
 * and collector keys, bearer tokens, provider keys) are masked before a line is written, so a
 * careless log call cannot leak one (line-format.ts).
 */
import winston from 'winston';
import { DetachedWriter } from './detached-writer.js';
import { LineBatch } from './line-batch.js';
import { readableText, scrubField } from './line-format.js';

export { maskSecrets } from './line-format.js';

const scrubFormat = winston.format((info) => {
  for (const key of Object.keys(info)) {
    if (key === 'level') continue;
    (info as Record<string, unknown>)[key] = scrubField(key, info[key]);
  }
  return info;
});

export type Logger = winston.Logger;

/** `PORTCULLIS_LOG_LEVEL`: a winston level, or `silent` (the test suite's default). */
const level = process.env.PORTCULLIS_LOG_LEVEL ?? 'info';

/**
 * A line for a person at a terminal: time, level, message, then the fields as `key=value`
 * (already masked). Machines (log shippers, `docker logs` collectors) get JSON.
 */
export const readableLine = winston.format.printf((info) => {
  const { level: lineLevel, message, timestamp, ...fields } = info as Record<string, unknown>;
  return readableText(timestamp, lineLevel, message, Object.entries(fields));
});


/**
 * JSON lines, or readable lines when standard error (where logs go) is a terminal;
 * `PORTCULLIS_LOG_FORMAT=json|text` chooses either way.
 */
export function logFormatFor(env: NodeJS.ProcessEnv = process.env, terminal = !!process.stderr.isTTY): winston.Logform.Format {
  return winston.format.combine(scrubFormat(), winston.format.timestamp(), writesText(env, terminal) ? readableLine : winston.format.json());
}

/** Whether logs are readable lines rather than JSON (see logFormatFor). */
export function writesText(env: NodeJS.ProcessEnv = process.env, terminal = !!process.stderr.isTTY): boolean {
  return env.PORTCULLIS_LOG_FORMAT ? env.PORTCULLIS_LOG_FORMAT === 'text' : terminal;
}

const standardError = new winston.transports.Console({ stderrLevels: ['error', 'warn', 'info', 'debug'] });

/** The process logger; `logger.child({ plane: 'proxy' })` for a plane or plugin (`childLogger` when its access lines should be batched too). */
export const logger: Logger = winston.createLogger({
  level: level === 'silent' ? 'error' : level,
  silent: level === 'silent',
  format: logFormatFor(),
  transports: [standardError],
});

/** The process logger and the children made by childLogger, each with the fields it adds to every line. */
const linesOnStandardError = new WeakMap<Logger, Readonly<Record<string, unknown>>>([[logger, {}]]);

/** `logger.child(fields)`, whose lines batchedInfoLines can also write. */
export function childLogger(fields: Record<string, unknown>): Logger {
  const child = logger.child(fields);
  linesOnStandardError.set(child, { ...fields });
  return child;
}

let standardErrorBatch: LineBatch | undefined;
let standardErrorWriter: DetachedWriter | undefined;

/** Access log lines this process dropped because standard error was not read fast enough. */
export function droppedLogLines(): number {
  return standardErrorWriter?.droppedTotal ?? 0;
}

/**
 * The batch of lines written to standard error off the event loop (detached-writer.ts): a reader
 * that stops reading costs log lines, counted in a notice, never the requests being served.
 */
function batchOnStandardError(): LineBatch {
  // The writer first: its exit listener must run before the batch's, so the batch's last lines
  // are written synchronously rather than started on the thread pool of a process that is ending.
  const writer = new DetachedWriter(2, (count) => `${batch.line('warn', 'log lines dropped: standard error was not read fast enough', {}, { dropped_lines: count })}\n`);
  const batch = new LineBatch((text) => writer.write(text), writesText());
  standardErrorWriter = writer;
  return batch;
}

/**
 * A writer of `log`'s info lines that skips winston's pipeline (its formats and streams cost some
 * tens of microseconds a line in a busy gateway) and writes them to standard error together once
 * per event-loop turn, in the same format and masked the same way: for a line written on every
 * request (the access log). Only when `log` is the process logger or a child made by childLogger
 * and the process logger still writes to standard error alone; for any other logger (a test's
 * memory log) undefined, and its lines go through it as usual. The caller checks the level.
 */
export function batchedInfoLines(log: Logger): ((message: string, fields: Record<string, unknown>) => void) | undefined {
  const fields = linesOnStandardError.get(log);
  if (!fields || logger.transports.length !== 1 || logger.transports[0] !== standardError) return undefined;
  standardErrorBatch ??= batchOnStandardError();
  const batch = standardErrorBatch;
  return (message, lineFields) => batch.add('info', message, fields, lineFields);
}

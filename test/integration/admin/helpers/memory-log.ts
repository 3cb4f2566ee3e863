/**
 * A winston logger for tests that keeps every line in memory, formatted exactly as the
 * process logger formats them for machines (secret masking, timestamp, JSON), whether or not
 * the tests run at a terminal.
 */
import { Writable } from 'node:stream';
import winston from 'winston';
import { logFormatFor, type Logger } from '../../../../core/logging/logger.js';

export interface MemoryLog {
  log: Logger;
  /** Every line written so far. */
  readonly lines: string[];
}

export function memoryLog(): MemoryLog {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const log = winston.createLogger({ level: 'debug', format: logFormatFor({ PORTCULLIS_LOG_FORMAT: 'json' }), transports: [new winston.transports.Stream({ stream: sink })] });
  return { log, lines };
}

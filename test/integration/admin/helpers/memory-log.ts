/**
 * A winston logger for tests that keeps every line in memory, formatted exactly as the
 * process logger formats them (secret masking, timestamp, JSON).
 */
import { Writable } from 'node:stream';
import winston from 'winston';
import { logger as processLogger, type Logger } from '../../../../core/logging/logger.js';

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
  const log = winston.createLogger({ level: 'debug', format: processLogger.format, transports: [new winston.transports.Stream({ stream: sink })] });
  return { log, lines };
}

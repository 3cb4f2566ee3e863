/**
 * Log lines are JSON for machines and readable at a terminal (`PORTCULLIS_LOG_FORMAT` chooses
 * either way); both are masked the same way.
 */
import { Writable } from 'node:stream';
import { expect } from 'chai';
import winston from 'winston';
import { logFormatFor } from '../../../../core/logging/logger.js';

function lineOf(format: winston.Logform.Format): string {
  const lines: string[] = [];
  const sink = new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString('utf8')), done()) });
  const log = winston.createLogger({ level: 'debug', format, transports: [new winston.transports.Stream({ stream: sink })] });
  log.info('request', { plane: 'proxy', path: '/app/v1/chat/completions', status: 200, authorization: 'Bearer ag_abcdefghijklmnopqrstuvwx', note: 'two words' });
  return lines[0]!.trim();
}

describe('logging: the line format', () => {
  it('writes readable lines at a terminal: time, level, message, then key=value, masked', () => {
    const line = lineOf(logFormatFor({}, true));
    expect(line).to.match(/^\d{4}-\d\d-\d\dT\S+ INFO {2}request plane=proxy path=\/app\/v1\/chat\/completions status=200 authorization=\[redacted\] note="two words"$/);
    expect(line).to.not.include('ag_abcdefghijklmnopqrstuvwx');
  });

  it('writes JSON otherwise, and PORTCULLIS_LOG_FORMAT overrides the guess', () => {
    const json = JSON.parse(lineOf(logFormatFor({}, false))) as Record<string, unknown>;
    expect(json).to.include({ level: 'info', message: 'request', plane: 'proxy', status: 200, authorization: '[redacted]' });
    expect(() => JSON.parse(lineOf(logFormatFor({ PORTCULLIS_LOG_FORMAT: 'json' }, true)))).to.not.throw();
    expect(lineOf(logFormatFor({ PORTCULLIS_LOG_FORMAT: 'text' }, false))).to.match(/ INFO {2}request /);
  });
});

/**
 * The access log's lines skip winston (line-batch.ts): they must read exactly as the process
 * logger's own lines (masked the same way, JSON keys in the same order, the same readable line),
 * be written together once per event-loop turn, and still be written by a process that exits
 * within the turn. Only the process logger and childLogger's children are written this way.
 */
import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import winston from 'winston';
import { LineBatch } from '../../../../core/logging/line-batch.js';
import { batchedInfoLines, childLogger, logFormatFor, logger } from '../../../../core/logging/logger.js';

const META = { worker: 1, pid: 42 };
const FIELDS = {
  plane: 'proxy',
  method: 'POST',
  path: '/app/v1/chat/completions/Bearer abcdefghijklmnop',
  status: 200,
  latency_ms: 1.5,
  pid: 43,
  authorization: 'Bearer ag_abcdefghijklmnopqrstuvwx',
  note: 'two words',
  cached: true,
  nested: { token: 'sk-abcdefghijkl', list: ['x y', 'sk-mnopqrstuvwx'] },
};
const TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g;

/** What a winston logger with the process logger's format writes for `child(META).info('request', FIELDS)`. */
function winstonLine(terminal: boolean): string {
  const lines: string[] = [];
  const sink = new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString('utf8')), done()) });
  const log = winston.createLogger({ level: 'debug', format: logFormatFor({}, terminal), transports: [new winston.transports.Stream({ stream: sink })] });
  log.child(META).info('request', structuredClone(FIELDS));
  return lines[0]!.trim();
}

/** The lines a batch hands to its writer, write by write. */
function batchWrites(text: boolean) {
  const writes: string[] = [];
  return { writes, batch: new LineBatch((chunk) => writes.push(chunk), text) };
}
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('logging: lines written in a batch', () => {
  for (const text of [false, true]) {
    it(`writes the ${text ? 'readable' : 'JSON'} line the process logger writes, masked the same way`, async () => {
      const { writes, batch } = batchWrites(text);
      batch.add('info', 'request', META, structuredClone(FIELDS));
      await nextTurn();
      expect(writes).to.have.length(1);
      const line = writes[0]!.replace(/\n$/, '');
      expect(line.replace(TIME, 'T')).to.equal(winstonLine(text).replace(TIME, 'T'));
      expect(line).to.not.match(/ag_abcdefghijklmnopqrstuvwx|sk-abcdefghijkl|sk-mnopqrstuvwx|Bearer abcdefghijklmnop/);
      expect(line.match(TIME)).to.have.length(1);
    });
  }

  it('writes the lines of one turn in one write, in order, and nothing before the turn ends', async () => {
    const { writes, batch } = batchWrites(false);
    for (let i = 0; i < 3; i++) batch.add('info', 'request', {}, { n: i });
    expect(writes).to.deep.equal([]);
    await nextTurn();
    expect(writes).to.have.length(1);
    expect(writes[0]!.endsWith('\n')).to.equal(true);
    expect(writes[0]!.trimEnd().split('\n').map((l) => (JSON.parse(l) as { n: number }).n)).to.deep.equal([0, 1, 2]);
    batch.add('info', 'request', {}, { n: 3 });
    await nextTurn();
    expect(writes).to.have.length(2);
  });

  it('writes a burst of lines within one turn in parts, every line once and in order', async () => {
    const { writes, batch } = batchWrites(false);
    for (let i = 0; i < 1000; i++) batch.add('info', 'request', {}, { n: i });
    expect(writes.length, 'written before the turn ended').to.be.at.least(3);
    await nextTurn();
    const numbers = writes.join('').trimEnd().split('\n').map((l) => (JSON.parse(l) as { n: number }).n);
    expect(numbers).to.deep.equal(Array.from({ length: 1000 }, (_, i) => i));
  });

  it('is used for the process logger and childLogger children only; another logger writes its own lines', () => {
    expect(batchedInfoLines(logger)).to.be.a('function');
    expect(batchedInfoLines(childLogger({ worker: 0 }))).to.be.a('function');
    expect(batchedInfoLines(logger.child({ worker: 0 }))).to.equal(undefined);
    expect(batchedInfoLines(winston.createLogger({ transports: [new winston.transports.Stream({ stream: new Writable({ write: (_c, _e, done) => done() }) })] }))).to.equal(undefined);
  });

  it('writes a line of the process logger to standard error even when the process exits within the turn', function () {
    this.timeout(30_000);
    const logging = fileURLToPath(new URL('../../../../core/logging/logger.ts', import.meta.url));
    const script = `const { batchedInfoLines, childLogger } = await import(${JSON.stringify(logging)});
      batchedInfoLines(childLogger({ worker: 3 }))('request', { path: '/last', status: 200 });
      process.exit(0);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, PORTCULLIS_LOG_LEVEL: 'info', PORTCULLIS_LOG_FORMAT: 'json' },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).to.equal(0);
    const lines = run.stderr.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ level: 'info', message: 'request', path: '/last', status: 200, worker: 3 });
  });
});

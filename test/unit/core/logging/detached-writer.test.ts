/**
 * The access log is written off the event loop (detached-writer.ts): a process whose standard
 * error is not being read keeps serving, and its queue stays bounded, with a notice where lines
 * were dropped. Every line that is written is whole and in order. (What is queued at exit is
 * written before the process ends: line-batch.test.ts.)
 */
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { DetachedWriter } from '../../../../core/logging/detached-writer.js';
import { waitUntil } from '../../../fixtures/wait-until.js';

const logging = fileURLToPath(new URL('../../../../core/logging/logger.ts', import.meta.url));
const runtimeMetrics = fileURLToPath(new URL('../../../../core/observability/runtime-metrics.ts', import.meta.url));

/** The request lines among the whole lines of `text`, plus the lines its notices say were dropped. */
function accountedFor(text: string): number {
  let n = 0;
  for (const line of text.slice(0, text.lastIndexOf('\n') + 1).split('\n')) {
    if (!line) continue;
    const parsed = JSON.parse(line) as { message: string; dropped_lines?: number };
    n += parsed.message === 'request' ? 1 : (parsed.dropped_lines ?? 0);
  }
  return n;
}

describe('logging: standard error written off the event loop', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'portcullis-detached-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes every line whole and in order, lines longer than a piece too', async () => {
    const path = join(dir, 'log');
    const fd = openSync(path, 'w');
    try {
      const writer = new DetachedWriter(fd, (n) => `dropped ${n}\n`);
      // Lines of every length around the pieces' 4 KB, several to a write, some longer than a piece.
      const expected: string[] = [];
      for (let i = 0; i < 400; i++) {
        const lines = Array.from({ length: 1 + (i % 5) }, (_, k) => `${i}.${k} ${'é'.repeat((i * 37 + k * 11) % 3000)}`);
        if (i % 50 === 7) lines.push(`${i}.long ${'x'.repeat(9000)}`);
        expected.push(...lines);
        writer.write(`${lines.join('\n')}\n`);
        if (i % 40 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      await waitUntil(() => readFileSync(path, 'utf8').length >= expected.join('\n').length + 1, 'the lines');
      expect(readFileSync(path, 'utf8')).to.equal(`${expected.join('\n')}\n`);
      expect(writer.droppedLines).to.equal(0);
    } finally {
      closeSync(fd);
    }
  });

  // How Node writes standard error depends on what it is: to a socket (a parent's `stdio: 'pipe'`,
  // journald's stream) synchronously, so a process whose reader stops waits on the first write
  // past the socket's buffer and serves nothing more; to a pipe or FIFO (a shell pipeline, a
  // container runtime) it queues without bound, so the process grows by every line it logs.
  for (const kind of ['socket', 'fifo'] as const) {
    it(`keeps a process serving while nobody reads its standard error (a ${kind}), drops past its bound with a notice and a metric, and writes the rest`, async function () {
      this.timeout(60_000);
      // 40,000 access lines of about 300 bytes, 200 a turn: about 12 MB, more than the queue holds.
      const total = 40_000;
      const script = `const { batchedInfoLines, logger } = await import(${JSON.stringify(logging)});
        const line = batchedInfoLines(logger);
        let n = 0;
        const burst = () => {
          for (let i = 0; i < 200 && n < ${total}; i++) line('request', { n: n++, pad: 'x'.repeat(240) });
          if (n < ${total}) setImmediate(burst);
          else process.stdout.write('done\\n');
        };
        burst();
        const { runtimeRegistry } = await import(${JSON.stringify(runtimeMetrics)});
        process.stdin.once('data', async () => {
          process.stdout.write(await runtimeRegistry().getSingleMetricAsString('portcullis_log_lines_dropped_total'));
          process.exit(0);
        });`;
      // A FIFO opened for reading and writing: opening it blocks neither end, and nothing reads it until the test does.
      const fifo = join(dir, 'stderr');
      if (kind === 'fifo') execFileSync('mkfifo', [fifo]);
      const fifoFd = kind === 'fifo' ? openSync(fifo, 'r+') : undefined;
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        env: { ...process.env, PORTCULLIS_LOG_LEVEL: 'info', PORTCULLIS_LOG_FORMAT: 'json' },
        stdio: ['pipe', 'pipe', fifoFd ?? 'pipe'],
      });
      if (fifoFd !== undefined) closeSync(fifoFd);
      try {
        let stdout = '';
        child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
        await waitUntil(() => stdout.includes('done'), 'the process to log every line while its standard error is not read', 30_000);
        // Now read: what the queue held comes out, then a notice of what was dropped after it.
        let stderr = '';
        const reader = kind === 'fifo' ? createReadStream(fifo) : child.stderr!;
        reader.setEncoding('utf8').on('data', (chunk: string | Buffer) => (stderr += chunk));
        // Until every line is accounted for, written or counted as dropped (the last notice comes
        // once the queue is empty): the writer is idle then, and the process can exit.
        await waitUntil(() => accountedFor(stderr) === total, 'every line to be written or counted', 30_000, 50);
        const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
        child.stdin!.write('exit\n');
        expect(await exited).to.equal(0);
        if (kind === 'fifo') reader.destroy();

        const lines = stderr.trimEnd().split('\n').map((l) => JSON.parse(l) as { message: string; n?: number; dropped_lines?: number; level: string });
        const numbers = lines.filter((l) => l.message === 'request').map((l) => l.n!);
        const notices = lines.filter((l) => l.dropped_lines !== undefined);
        expect(notices.length, 'a notice of dropped lines').to.be.at.least(1);
        expect(notices.every((l) => l.level === 'warn')).to.equal(true);
        const dropped = notices.reduce((sum, l) => sum + l.dropped_lines!, 0);
        expect(numbers.length + dropped, 'every line written or counted').to.equal(total);
        expect(stdout, 'the dropped lines metric').to.match(new RegExp(`^portcullis_log_lines_dropped_total ${dropped}$`, 'm'));
        expect(numbers.length, 'the lines the queue held').to.be.greaterThan(total / 2);
        expect(numbers[0]).to.equal(0);
        expect(numbers.every((n, i) => i === 0 || n > numbers[i - 1]!), 'in order').to.equal(true);
      } finally {
        child.kill();
      }
    });
  }
});

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const hasTaskset = spawnSync('taskset', ['-V']).status === 0;

// Runs in a child process, since it changes the priority of its threads: lowers them (when
// asked) and prints whether the process counts as one-CPU, how many threads it lowered, and the
// nice value of the main thread and of each other thread.
const PROBE = `
import { readdirSync, readFileSync } from 'node:fs';
import { limitedToOneCpu, lowerHelperThreadPriority } from './core/runtime/helper-thread-priority.ts';
const lowered = process.argv.includes('lower') ? lowerHelperThreadPriority() : 0;
const nice = (tid) => Number(readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]);
const others = readdirSync('/proc/self/task').map(Number).filter((tid) => tid !== process.pid);
console.log(JSON.stringify({ one: limitedToOneCpu(), lowered, main: nice(process.pid), others: others.map(nice) }));
`;

function probe(args: string[], pinned: boolean): { one: boolean; lowered: number; main: number; others: number[] } {
  const node = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', PROBE, '--', ...args];
  const run = pinned ? spawnSync('taskset', ['-c', '0', ...node], { cwd: root, encoding: 'utf8' }) : spawnSync(node[0], node.slice(1), { cwd: root, encoding: 'utf8' });
  expect(run.status, run.stderr).to.equal(0);
  return JSON.parse(run.stdout.trim().split('\n').pop()!);
}

describe('core/runtime/helper-thread-priority', function () {
  // Each test runs a probe process compiled on the fly by tsx: slow on a busy runner.
  this.timeout(60_000);
  before(function () {
    if (!existsSync('/proc/self/task')) {
      console.log('    (pending: per-thread priorities are read and set through /proc, which this system lacks)');
      this.skip();
    }
  });

  it('lowers every thread but the main one to the lowest priority', () => {
    const result = probe(['lower'], false);
    expect(result.others.length).to.be.greaterThan(0);
    expect(result.lowered).to.equal(result.others.length);
    expect(result.others.every((nice) => nice === 19), JSON.stringify(result)).to.equal(true);
    expect(result.main).to.equal(0);
  });

  it('leaves the threads alone until asked', () => {
    const result = probe([], false);
    expect(result.others.every((nice) => nice === 0), JSON.stringify(result)).to.equal(true);
  });

  it('knows a process pinned to one CPU', function () {
    if (!hasTaskset) {
      console.log('    (pending: taskset is not installed, so no process can be pinned here)');
      this.skip();
    }
    expect(probe([], true).one).to.equal(true);
  });

  it('does not count a process free to use several CPUs as one-CPU', function () {
    if (availableParallelism() < 2) {
      console.log('    (pending: this machine has one CPU)');
      this.skip();
    }
    expect(probe([], false).one).to.equal(false);
  });
});

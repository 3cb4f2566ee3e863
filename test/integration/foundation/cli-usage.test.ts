/**
 * The CLI as an operator meets it: `--help` and `--version` on the program and on every
 * command exit 0; a bad flag or command is one line and exit 2; a start that cannot happen (the
 * data directory in use) is one line and exit 1; never a stack trace; one "listening" line per
 * plane, and on a first start a hint naming `portcullis token`; `portcullis health` as a
 * container health check.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { BUILD_INFO } from '../../../core/version/build-info.js';
import { tempDirForEachTest } from '../../fixtures/files/temp-dir.js';

const cli = fileURLToPath(new URL('../../../core/cli/main.ts', import.meta.url));
const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { encoding: 'utf8', env: { ...process.env, PORTCULLIS_LOG_LEVEL: 'info' } });
const STACK = /\n\s+at /;

describe('foundation: CLI usage, help and errors', function () {
  // Each case is a fresh process loading the sources through tsx.
  this.timeout(120_000);
  const dataDir = tempDirForEachTest('portcullis-cli-usage-');

  it('prints help and the version on the program and on every command, with exit 0', () => {
    const help = run(['--help']);
    expect(help.status).to.equal(0);
    for (const command of ['start', 'version', 'token', 'health']) expect(help.stdout).to.match(new RegExp(`\\n\\s+${command}\\b`));
    for (const args of [['--version'], ['-v'], ['version'], ['start', '--version'], ['token', '--version']]) {
      const r = run(args);
      expect(r.status, args.join(' ')).to.equal(0);
      expect(r.stdout.trim(), args.join(' ')).to.equal(`${BUILD_INFO.name} ${BUILD_INFO.version}`);
    }
    for (const command of ['start', 'token']) {
      const r = run([command, '--help']);
      expect(r.status, command).to.equal(0);
      expect(r.stdout).to.contain(`Usage: portcullis ${command}`);
      expect(r.stderr).to.equal('');
    }
    expect(run(['start', '--help']).stdout).to.contain('--proxy-port <value>');
  });

  it('answers a bad flag, a bad command and a bad flag value with one line and exit 2', () => {
    for (const [args, message] of [
      [['start', '--prxy-port', '1'], "error: unknown option '--prxy-port'"],
      [['strat'], "error: unknown command 'strat'"],
      [['token', '--ttl'], "error: option '--ttl <seconds>' argument missing"],
      [['token', '--ttl', 'soon'], 'portcullis: --ttl must be a positive number of seconds'],
      [['start', '--admin-port', 'eighty', '--data-dir', dataDir()], 'portcullis: admin port must be a port number (0-65535), got "eighty"'],
    ] as const) {
      const r = run([...args]);
      expect(r.status, args.join(' ')).to.equal(2);
      expect(r.stderr.trim().split('\n')[0], args.join(' ')).to.contain(message);
      expect(r.stderr, args.join(' ')).to.not.match(STACK);
    }
  });

  it('says in one line that a data directory is in use by another start, with exit 1; one listening line per plane and the first-start hint', async () => {
    const dir = dataDir();
    const first = spawn(process.execPath, ['--import', 'tsx', cli, 'start', '--data-dir', dir, '--proxy-port', '0', '--admin-port', '0', '--guardrail-port', '0'], {
      env: { ...process.env, PORTCULLIS_LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`no start:\n${out}`)), 30_000);
        const seen = (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('portcullis token --data-dir')) {
            clearTimeout(timer);
            resolve(out);
          }
        };
        first.stdout.on('data', seen);
        first.stderr.on('data', seen);
        first.once('exit', (code) => reject(new Error(`exited ${code}:\n${out}`)));
      });
      for (const plane of ['proxy', 'admin', 'guardrail']) expect(output.match(new RegExp(`\\b${plane}\\b.*listening`, 'g')), plane).to.have.length(1);
      expect(output).to.contain(`mint an admin token with: portcullis token --data-dir ${dir}`);
      // The container health check: 0 while a plane answers /readyz, 1 when none does.
      const adminUrl = /admin plane listening on (\S+)/.exec(output)![1];
      expect(run(['health', '--url', adminUrl]).status).to.equal(0);
      expect(run(['health', '--url', adminUrl, '--endpoint', '/healthz']).status).to.equal(0);
      const closed = run(['health', '--url', 'http://127.0.0.1:1']);
      expect(closed.status).to.equal(1);
      expect(closed.stderr.trim()).to.match(/^portcullis: http:\/\/127\.0\.0\.1:1\/readyz did not answer/);
      const second = run(['start', '--data-dir', dir, '--proxy-port', '0', '--admin-port', '0', '--guardrail-port', '0']);
      expect(second.status).to.equal(1);
      expect(second.stderr.trim()).to.match(/^portcullis: data directory .* is in use by process \d+/);
      expect(second.stderr.trim().split('\n')).to.have.length(1);
    } finally {
      const exited = new Promise((resolve) => first.once('exit', resolve));
      first.kill('SIGTERM');
      await exited;
    }
  });
});

/**
 * `portcullis start` as an operator runs it: a real process on the embedded store, every plane
 * answering /healthz, /readyz and /v1/version; flags override the environment; bad flags fail.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { GATEWAY_V8_OPTIONS } from '../../../core/runtime/v8-options.js';
import { tempDirForEachTest } from '../../fixtures/files/temp-dir.js';

const cli = fileURLToPath(new URL('../../../core/cli/main.ts', import.meta.url));

function startCli(args: string[], env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<{ child: ChildProcess; urls: Record<string, string>; output: string }> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', cli, 'start', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    const urls: Record<string, string> = {};
    let out = '';
    const timer = setTimeout(() => reject(new Error(`portcullis did not start:\n${out}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      for (const m of out.matchAll(/portcullis (\w+) plane listening on (\S+)/g)) urls[m[1]] = m[2];
      if (Object.keys(urls).length === 3) {
        clearTimeout(timer);
        resolve({ child, urls, output: out });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`portcullis exited with ${code}:\n${out}`)));
  });
}

describe('foundation: the portcullis CLI', function () {
  // Each test starts `portcullis` (compiled on the fly by tsx) once or twice: on a busy 2-core
  // runner one start can take most of mocha's default 20 s, and startCli itself waits up to 30 s.
  this.timeout(90_000);
  let child: ChildProcess | undefined;
  const dataDir = tempDirForEachTest('portcullis-cli-', async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    child = undefined;
  });

  it('starts every plane on the embedded store; each answers health, readiness and version', async () => {
    const started = await startCli(['--proxy-port', '0', '--admin-port', '0', '--data-dir', dataDir()], { PORTCULLIS_GUARDRAIL_PORT: '0', PORTCULLIS_LOG_LEVEL: 'error' });
    child = started.child;
    expect(Object.keys(started.urls).sort()).to.deep.equal(['admin', 'guardrail', 'proxy']);
    for (const url of Object.values(started.urls)) {
      for (const path of ['/healthz', '/health', '/readyz']) {
        const res = await fetch(url + path);
        expect(res.status, `${url}${path}`).to.equal(200);
      }
    }
    const version = (await (await fetch(`${started.urls.admin}/v1/version`)).json()) as { version: string; api_version: string };
    expect(version.api_version).to.equal('1.0');
  });

  it('names the V8 options it was started without, and says nothing of them when started with them', async () => {
    const args = ['--proxy-port', '0', '--admin-port', '0', '--guardrail-port', '0', '--data-dir', dataDir()];
    const env = { PORTCULLIS_LOG_LEVEL: 'error' };
    const bare = await startCli(args, env);
    child = bare.child;
    expect(bare.output).to.contain(`portcullis runs without the V8 options ${GATEWAY_V8_OPTIONS.join(' ')}`);
    const exited = new Promise((resolve) => bare.child.once('exit', resolve));
    bare.child.kill('SIGTERM');
    await exited;
    const tuned = await startCli(args, env, [...GATEWAY_V8_OPTIONS]);
    child = tuned.child;
    expect(tuned.output).to.not.contain('V8 options');
  });

  it('refuses an unknown plane and a bad port with a clear message', () => {
    const plane = spawnSync(process.execPath, ['--import', 'tsx', cli, 'start', '--planes', 'proxy,teleport', '--data-dir', dataDir()], { encoding: 'utf8' });
    expect(plane.status).to.equal(2);
    expect(plane.stderr.trim()).to.equal('portcullis: unknown plane "teleport" (planes: admin, proxy, guardrail)');
    const port = spawnSync(process.execPath, ['--import', 'tsx', cli, 'start', '--proxy-port', '99999', '--data-dir', dataDir()], { encoding: 'utf8' });
    expect(port.status).to.equal(2);
    expect(port.stderr.trim()).to.equal('portcullis: proxy port must be a port number (0-65535), got "99999"');
  });
});

/**
 * The authorization library prints an "unsupported runtime" warning on import under Node 20:
 * loading it through the gateway routes that line to the gateway's log at debug level, so it
 * never reaches the operator's stderr. Run in a child process: the library is imported once per
 * process.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const SCRIPT = `
import { loadProviderModule } from './core/oauth/load-provider.ts';
const lines = [];
const log = { debug: (message, meta) => lines.push([message, meta]), info() {}, warn() {}, error() {} };
const mod = await loadProviderModule(log);
console.log(JSON.stringify({ provider: typeof mod.Provider, lines }));
`;

describe('oauth: loading the authorization library', () => {
  it('keeps its runtime warning out of stderr and logs it at debug level', async function () {
    this.timeout(20_000);
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) =>
      execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], { cwd: ROOT }, (err, out, errText) => (err ? reject(err) : resolve({ stdout: out, stderr: errText }))),
    );
    expect(stderr).to.not.contain('oidc-provider WARNING');
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { provider: string; lines: Array<[string, { notice: string }]> };
    expect(result.provider).to.equal('function');
    if (Number(process.versions.node.split('.')[0]) < 22) {
      expect(result.lines.map(([, meta]) => meta.notice).join('\n')).to.contain('Unsupported runtime');
    }
  });
});

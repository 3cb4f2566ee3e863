/**
 * `portcullis token` as an operator runs it (a real process): the printed token is accepted by
 * a gateway that shares its data directory or its --admin-jwt-secret, and refused by one that
 * does not; a tenant_admin token needs --tenant (exit 2, nothing printed) and stays inside its
 * tenant.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { TempDirs } from '../../fixtures/files/temp-dir.js';

const cli = fileURLToPath(new URL('../../../core/cli/main.ts', import.meta.url));
/** tsx by absolute URL: the command runs in a temporary folder, where `--import tsx` would not resolve. */
const tsx = import.meta.resolve('tsx');
const SECRET = 'token-command-admin-secret-0123456789abcdef';

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `portcullis token ...` in `cwd` with only the given Portcullis settings in its environment. */
function runToken(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const base: NodeJS.ProcessEnv = { ...process.env, PORTCULLIS_LOG_LEVEL: 'silent' };
  for (const name of ['PORTCULLIS_ADMIN_JWT_SECRET', 'PORTCULLIS_DATA_DIR']) delete base[name];
  const child = spawn(process.execPath, ['--import', tsx, cli, 'token', ...args], { cwd, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`portcullis token did not finish:\n${stdout}\n${stderr}`));
    }, 45_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The single token line a successful run prints. */
function printedToken(result: CliResult): string {
  expect(result.code, result.stderr).to.equal(0);
  const token = result.stdout.trim();
  expect(token).to.match(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  return token;
}

async function get(base: string, path: string, token: string): Promise<number> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
}

describe('admin: the portcullis token command', function () {
  this.timeout(120_000);
  const dirs = new TempDirs('portcullis-token-');
  let cwd: string;
  let byDataDir: TestGateway;
  let bySecret: TestGateway;

  before(async () => {
    cwd = dirs.make('cwd');
    byDataDir = await createTestGateway({ planes: ['admin'], dataDir: dirs.make('data') });
    bySecret = await createTestGateway({ planes: ['admin'], env: { PORTCULLIS_ADMIN_JWT_SECRET: SECRET } });
  });
  after(async () => {
    await byDataDir?.close();
    await bySecret?.close();
    dirs.removeAll();
  });

  it('a platform_admin token minted from the data directory is accepted by the gateway on that directory', async () => {
    const token = printedToken(await runToken(['--role', 'platform_admin', '--data-dir', byDataDir.dataDir], cwd));
    const claims = decodeJwt(token);
    expect(claims).to.include({ sub: 'operator', iss: 'portcullis', aud: 'portcullis-admin' });
    expect(claims.roles).to.deep.equal(['platform_admin']);
    expect(claims.exp! - claims.iat!).to.equal(3600);
    expect(await get(byDataDir.urls.admin!, '/v1/gateways', token)).to.equal(200);
    // Another data directory holds another generated secret: its token is refused here.
    const foreign = printedToken(await runToken(['--role', 'platform_admin', '--data-dir', dirs.make('other')], cwd));
    expect(await get(byDataDir.urls.admin!, '/v1/gateways', foreign)).to.equal(401);
  });

  it('a token minted with --admin-jwt-secret (or PORTCULLIS_ADMIN_JWT_SECRET) is accepted by a gateway with that secret', async () => {
    const dir = dirs.make('unused');
    const flag = printedToken(await runToken(['--role', 'platform_admin', '--admin-jwt-secret', SECRET, '--data-dir', dir, '--sub', 'first-operator', '--ttl', '600'], cwd));
    const claims = decodeJwt(flag);
    expect(claims.sub).to.equal('first-operator');
    expect(claims.exp! - claims.iat!).to.equal(600);
    expect(await get(bySecret.urls.admin!, '/v1/gateways', flag)).to.equal(200);
    const fromEnv = printedToken(await runToken(['--data-dir', dir], cwd, { PORTCULLIS_ADMIN_JWT_SECRET: SECRET }));
    expect(decodeJwt(fromEnv).roles).to.deep.equal(['platform_admin']);
    expect(await get(bySecret.urls.admin!, '/v1/gateways', fromEnv)).to.equal(200);
    const wrong = printedToken(await runToken(['--admin-jwt-secret', `${SECRET}-not`, '--data-dir', dir], cwd));
    expect(await get(bySecret.urls.admin!, '/v1/gateways', wrong)).to.equal(401);
  });

  it('--role tenant_admin without --tenant exits 2 with a clear message and prints no token', async () => {
    const result = await runToken(['--role', 'tenant_admin', '--admin-jwt-secret', SECRET, '--data-dir', dirs.make('t')], cwd);
    expect(result.code).to.equal(2);
    expect(result.stderr).to.contain('a tenant_admin token needs --tenant');
    expect(result.stdout.trim()).to.equal('');
    const badRole = await runToken(['--role', 'root', '--admin-jwt-secret', SECRET, '--data-dir', dirs.make('r')], cwd);
    expect(badRole.code).to.equal(2);
    expect(badRole.stderr).to.contain("argument 'root' is invalid. Allowed choices are platform_admin, tenant_admin");
    expect(badRole.stdout.trim()).to.equal('');
  });

  it('a tenant_admin token for tenant A sees its own gateway and not tenant B\'s (404)', async () => {
    const gatewayA = (await bySecret.seed.gateway({ tenant_id: 'tenant-a' })).id;
    const gatewayB = (await bySecret.seed.gateway({ tenant_id: 'tenant-b' })).id;
    const token = printedToken(await runToken(['--role', 'tenant_admin', '--tenant', 'tenant-a', '--admin-jwt-secret', SECRET, '--data-dir', dirs.make('a')], cwd));
    expect(decodeJwt(token)).to.include({ tenant_id: 'tenant-a' });
    expect(await get(bySecret.urls.admin!, `/v1/gateways/${gatewayA}`, token)).to.equal(200);
    expect(await get(bySecret.urls.admin!, `/v1/gateways/${gatewayB}`, token)).to.equal(404);
    const res = await fetch(`${bySecret.urls.admin}/v1/gateways`, { headers: { authorization: `Bearer ${token}` } });
    const ids = ((await res.json()) as { items: Array<{ id: string }> }).items.map((g) => g.id);
    expect(ids).to.include(gatewayA);
    expect(ids).to.not.include(gatewayB);
  });
});

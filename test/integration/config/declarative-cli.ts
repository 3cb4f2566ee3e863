/**
 * Helpers for the declarative-configuration tests: run `portcullis apply` / `export` as real
 * processes against a test gateway, mint its admin token, and write files into a temporary folder.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localSecret } from '../../../core/bootstrap/local-secrets.js';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import type { TestGateway } from '../../../core/testing/index.js';

const cli = fileURLToPath(new URL('../../../core/cli/main.ts', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A platform-admin token for a test gateway (signed with its data directory's secret). */
export function adminTokenFor(gateway: TestGateway): Promise<string> {
  return mintAdminToken(localSecret(gateway.dataDir, 'admin-jwt.secret', undefined), { sub: 'declarative-test', roles: ['platform_admin'], ttlSeconds: 600 });
}

/** Runs `portcullis <args>` with the gateway's API URLs and token in the environment. */
export function runCli(args: string[], gateway: TestGateway, token: string, env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
    env: {
      ...process.env,
      PORTCULLIS_LOG_LEVEL: 'silent',
      PORTCULLIS_ADMIN_URL: gateway.urls.admin,
      PORTCULLIS_GUARDRAIL_URL: gateway.urls.guardrail,
      PORTCULLIS_ADMIN_TOKEN: token,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`portcullis ${args[0]} did not finish:\n${stdout}\n${stderr}`));
    }, 45_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Writes `text` to `name` in `dir` and returns its path. */
export function writeFile(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The `ag_` key apply printed for a created `api_key` auth. */
export function printedKey(output: string): string {
  const match = /key (ag_[A-Za-z0-9_-]+)/.exec(output);
  if (!match) throw new Error(`no key printed:\n${output}`);
  return match[1]!;
}

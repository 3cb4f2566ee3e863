/**
 * `portcullis start --config FILE`: the file is read before the planes start (a file that does
 * not parse stops the start at once) and applied once they listen, through this process's own
 * admin and guardrail APIs with a short-lived platform-admin token minted from the admin secret,
 * exactly as `portcullis apply` would. A file the APIs refuse stops the start. The key of an
 * `api_key` auth it creates goes to an owner-only file under the data directory, not the output.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { localSecret } from '../../bootstrap/local-secrets.js';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../security/private-files.js';
import { mintAdminToken } from '../../admin/auth/admin-token.js';
import { CliUsageError } from '../../cli/commands.js';
import type { Settings } from '../settings.js';
import { applyConfig } from './apply-config.js';
import type { DeclarativeConfig } from './config-file.js';
import { readConfigFile } from './read-config-file.js';

const TOKEN_TTL_SECONDS = 300;

/** Reads the file and checks that this process serves the APIs applying it needs. */
export function readStartConfig(path: string, settings: Settings): DeclarativeConfig {
  if (!settings.planes.includes('admin')) throw new CliUsageError('--config needs the admin plane in this process (PORTCULLIS_PLANES)');
  const config = readConfigFile(path);
  if (config.guardrail && !settings.planes.includes('guardrail')) throw new CliUsageError('--config: the file has a guardrail section but this process runs no guardrail plane');
  return config;
}

/** A listening URL as this process reaches itself (a wildcard bind address becomes loopback). */
function selfUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.hostname === '0.0.0.0') parsed.hostname = '127.0.0.1';
  if (parsed.hostname === '[::]') parsed.hostname = '[::1]';
  return parsed.href;
}

/**
 * Where a started gateway leaves the `ag_` key of an auth its file created: an owner-only file in
 * the data directory, never its output (which is often a collected log).
 */
function keyFile(dataDir: string, subject: string): string {
  const dir = join(dataDir, 'config-keys');
  ensurePrivateDir(dir);
  return join(dir, `${subject.replace(/^auth /, '').replace(/[^A-Za-z0-9_-]+/g, '-')}.key`);
}

/** Applies the file to the running planes, printing the diff through `out`. */
export async function applyAtStart(config: DeclarativeConfig, settings: Settings, urls: Partial<Record<string, string>>, out: (line: string) => void): Promise<void> {
  const secret = localSecret(settings.dataDir, 'admin-jwt.secret', settings.adminJwtSecret);
  const token = await mintAdminToken(secret, { sub: 'portcullis-start-config', roles: ['platform_admin'], ttlSeconds: TOKEN_TTL_SECONDS });
  const adminUrl = selfUrl(urls.admin!);
  const guardrailUrl = urls.guardrail ? selfUrl(urls.guardrail) : adminUrl;
  await applyConfig(config, { adminUrl, guardrailUrl, token }, {
    out: (line) => out(`portcullis config: ${line}`),
    announceKey(subject, key) {
      const path = keyFile(settings.dataDir, subject);
      writeFileSync(path, `${key}\n`, { mode: PRIVATE_FILE_MODE });
      out(`portcullis config: ${subject}: key written to ${path} (owner-only: read it, store it, delete the file)`);
    },
  });
}

/**
 * The flags `apply` and `export` share: where the admin and guardrail APIs are and the admin
 * token, each also read from its environment variable (a flag wins).
 */
import type { Command } from 'commander';
import { CliUsageError } from '../../cli/commands.js';
import type { ApiEndpoints } from './api-client.js';

const DEFAULT_ADMIN_URL = 'http://127.0.0.1:8001';
const DEFAULT_GUARDRAIL_URL = 'http://127.0.0.1:8002';

/** Declares `--admin-url`, `--guardrail-url` and `--admin-token`. */
export function addEndpointOptions(command: Command): Command {
  return command
    .option('--admin-url <url>', `admin API base URL (PORTCULLIS_ADMIN_URL, default ${DEFAULT_ADMIN_URL})`)
    .option('--guardrail-url <url>', `guardrail API base URL (PORTCULLIS_GUARDRAIL_URL, default ${DEFAULT_GUARDRAIL_URL})`)
    .option('--admin-token <token>', 'admin token: `portcullis token` mints one (PORTCULLIS_ADMIN_TOKEN)');
}

function baseUrl(value: string, flag: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    return url.href;
  } catch {
    throw new CliUsageError(`${flag} must be an http(s) URL`);
  }
}

/** The endpoints from parsed flags and the environment; a missing token is an operator mistake. */
export function endpointsFrom(options: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env): ApiEndpoints {
  const token = (options.adminToken as string | undefined) ?? env.PORTCULLIS_ADMIN_TOKEN;
  if (!token) throw new CliUsageError('an admin token is needed: pass --admin-token or set PORTCULLIS_ADMIN_TOKEN (portcullis token mints one)');
  return {
    adminUrl: baseUrl((options.adminUrl as string | undefined) ?? env.PORTCULLIS_ADMIN_URL ?? DEFAULT_ADMIN_URL, '--admin-url'),
    guardrailUrl: baseUrl((options.guardrailUrl as string | undefined) ?? env.PORTCULLIS_GUARDRAIL_URL ?? DEFAULT_GUARDRAIL_URL, '--guardrail-url'),
    token,
  };
}

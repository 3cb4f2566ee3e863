/**
 * `portcullis token`: mints an admin JWT from the configured secret, so a new operator can make
 * the first admin call. Reads the secret as `portcullis start` does (flag, env, or the data
 * directory's generated secret).
 */
import { Option } from 'commander';
import { localSecret } from '../../bootstrap/local-secrets.js';
import { resolveSettings } from '../../config/settings.js';
import { CliUsageError, type CliCommand } from '../../cli/commands.js';
import { mintAdminToken, type AdminRole } from './admin-token.js';

export const tokenCommand: CliCommand = {
  name: 'token',
  summary: 'mint an admin token (the way to the first admin call)',
  configure(command) {
    command
      .addOption(new Option('--role <role>', 'the token\'s role').choices(['platform_admin', 'tenant_admin']).default('platform_admin'))
      .option('--tenant <id>', 'the tenant of a tenant_admin token')
      .option('--sub <name>', 'the subject named in the token', 'operator')
      .option('--ttl <seconds>', 'lifetime in seconds', '3600')
      .option('--data-dir <dir>', 'the data directory whose generated secret signs the token (PORTCULLIS_DATA_DIR)')
      .option('--admin-jwt-secret <secret>', 'the signing secret, when set for start (PORTCULLIS_ADMIN_JWT_SECRET)');
  },
  async run(options) {
    const values = options as { role: AdminRole; tenant?: string; sub: string; ttl: string; dataDir?: string; adminJwtSecret?: string };
    if (values.role === 'tenant_admin' && !values.tenant) throw new CliUsageError('a tenant_admin token needs --tenant');
    const ttl = Number(values.ttl);
    if (!Number.isInteger(ttl) || ttl <= 0) throw new CliUsageError('--ttl must be a positive number of seconds');
    const settings = resolveSettings({ 'data-dir': values.dataDir, 'admin-jwt-secret': values.adminJwtSecret });
    const secret = localSecret(settings.dataDir, 'admin-jwt.secret', settings.adminJwtSecret);
    console.log(await mintAdminToken(secret, { sub: values.sub, tenantId: values.tenant, roles: [values.role], ttlSeconds: ttl }));
    return 0;
  },
};

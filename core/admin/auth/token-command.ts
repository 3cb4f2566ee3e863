/**
 * `portcullis token`: mints an admin JWT from the configured secret, so a new operator can make
 * the first admin call. Reads the secret as `portcullis start` does (flag, env, or the data
 * directory's generated secret).
 */
import { parseArgs } from 'node:util';
import { localSecret } from '../../bootstrap/local-secrets.js';
import { resolveSettings } from '../../config/settings.js';
import type { CliCommand } from '../../cli/commands.js';
import { mintAdminToken, type AdminRole } from './admin-token.js';

export const tokenCommand: CliCommand = {
  name: 'token',
  summary: 'mint an admin token: --role platform_admin|tenant_admin [--tenant ID] [--sub NAME] [--ttl SECONDS] [--data-dir DIR]',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        role: { type: 'string', default: 'platform_admin' },
        tenant: { type: 'string' },
        sub: { type: 'string', default: 'operator' },
        ttl: { type: 'string', default: '3600' },
        'data-dir': { type: 'string' },
        'admin-jwt-secret': { type: 'string' },
      },
      strict: true,
    });
    const role = values.role as AdminRole;
    if (role !== 'platform_admin' && role !== 'tenant_admin') {
      console.error('portcullis token: --role must be platform_admin or tenant_admin');
      return 2;
    }
    if (role === 'tenant_admin' && !values.tenant) {
      console.error('portcullis token: a tenant_admin token needs --tenant');
      return 2;
    }
    const ttl = Number(values.ttl);
    if (!Number.isInteger(ttl) || ttl <= 0) {
      console.error('portcullis token: --ttl must be a positive number of seconds');
      return 2;
    }
    const settings = resolveSettings({ 'data-dir': values['data-dir'], 'admin-jwt-secret': values['admin-jwt-secret'] });
    const secret = localSecret(settings.dataDir, 'admin-jwt.secret', settings.adminJwtSecret);
    console.log(await mintAdminToken(secret, { sub: values.sub!, tenantId: values.tenant, roles: [role], ttlSeconds: ttl }));
    return 0;
  },
};

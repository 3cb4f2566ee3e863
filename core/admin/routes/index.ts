import type { AdminRouteModule } from '../app.js';
import { authTokenRoutes } from './auth-token.js';
import { authRoutes } from './auths.js';
import { catalogRoutes } from './catalogs.js';
import { consumerAttachmentRoutes } from './consumer-attachments.js';
import { consumerRoutes } from './consumers.js';
import { gatewayRoutes } from './gateways.js';
import { machineCredentialRoutes } from './machine-credentials.js';
import { oauthRoutes } from './oauth.js';
import { openApiRoutes } from './openapi.js';
import { policyRoutes } from './policies.js';
import { registryRoutes } from './registries.js';
import { registryTestRoutes } from './registry-test.js';
import { registryToolRoutes } from './registry-tools.js';
import { roleRoutes } from './roles.js';
import { storeAccessRoutes } from './store-access.js';
import { storeApprovalRoutes } from './store-approvals.js';
import { storeInstallRoutes } from './store-installs.js';
import { storeServerRoutes } from './store-servers.js';
import { usageRoutes } from './usage.js';
import { vaultCredentialRoutes } from './vault-credentials.js';

/** Every admin route area, registered in this order. */
export const ADMIN_ROUTE_MODULES: readonly AdminRouteModule[] = [
  openApiRoutes,
  authTokenRoutes,
  machineCredentialRoutes,
  gatewayRoutes,
  // The test route before `/registries/:registry_id` so `test` is never read as an id.
  registryTestRoutes,
  registryRoutes,
  registryToolRoutes,
  consumerRoutes,
  consumerAttachmentRoutes,
  roleRoutes,
  policyRoutes,
  authRoutes,
  vaultCredentialRoutes,
  oauthRoutes,
  catalogRoutes,
  storeServerRoutes,
  storeAccessRoutes,
  storeInstallRoutes,
  storeApprovalRoutes,
  usageRoutes,
];

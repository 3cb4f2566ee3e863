import type { ChainMember } from '../pipeline/chain.js';
import { apiKeyScheme } from './auth/api-key-scheme.js';
import { oidcScheme } from './auth/oidc-scheme.js';
import { oauthScheme } from './auth/oauth-scheme.js';

/**
 * Taps every snapshot's chains carry, before any policy's. The core router is not here: it
 * shares its proxy plane's routing state, so each plane adds its own (`coreRouter` in
 * routing/router-member.ts).
 */
export const PROXY_CORE_MEMBERS: readonly ChainMember[] = [apiKeyScheme, oidcScheme, oauthScheme];

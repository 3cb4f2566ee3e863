/**
 * request_tagger: an example third-party Portcullis plugin. Build it (`npm run build`), load it
 * with `portcullis start --plugins <this folder>` (or PORTCULLIS_PLUGINS), then create a policy
 * of type `request_tagger` through the admin API.
 */
import { readFileSync } from 'node:fs';
import { definePlugin, STAGE, type Exchange, type ProviderRequest } from 'portcullis/plugin';
import type { RequestTaggerSettings } from './config.js';
import { admit, tagUpstream } from './handler.js';

/** Plugins ship their settings schema; the host registers it and validates every policy with it. */
const schema = JSON.parse(readFileSync(new URL('../schema.json', import.meta.url), 'utf8')) as { $id: string };

/** `admit` taps order by stage: between the size (100) and rate (200) limits. */
const STAGE_TAGGING = STAGE.SIZE + 50;

export default definePlugin<RequestTaggerSettings>({
  kind: 'plugin',
  // The policy type operators use; snake_case.
  name: 'request_tagger',
  version: '1.0.0',
  // The plugin API range this plugin was written for.
  coreApi: '^1.0.0',
  schemaId: schema.$id,
  schema,
  // A policy plugin fails closed: if it throws, requests of its scope get 503.
  category: 'policy',
  // The only hooks it may tap; tapping another is refused when it loads.
  stages: ['admit', 'beforeAttempt'],
  description: 'Tags proxied requests with headers from its settings.',
  setup(hooks, kit) {
    hooks.admit.tapPromise({ name: 'request_tagger', stage: STAGE_TAGGING }, async (ctx: Exchange) => admit(kit, ctx));
    hooks.beforeAttempt.tapPromise({ name: 'request_tagger' }, async (_attempt: unknown, request: ProviderRequest, ctx: Exchange) =>
      tagUpstream(kit, request, ctx));
  },
});

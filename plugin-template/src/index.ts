/**
 * request_tagger: an example third-party Portcullis plugin. Load it with
 * `portcullis start --plugins ./plugin-template` (or PORTCULLIS_PLUGINS), then create a policy of
 * type `request_tagger` through the admin API.
 */
import { readFileSync } from 'node:fs';
import type { Exchange } from '../../core/pipeline/exchange.js';
import type { ProviderRequest } from '../../core/pipeline/hooks.js';
import type { PluginDefinition } from '../../core/plugin/types.js';
import type { RequestTaggerSettings } from './config.js';
import { admit, tagUpstream } from './handler.js';

/** Plugins ship their settings schema; the host registers it and validates every policy with it. */
const schema = JSON.parse(readFileSync(new URL('../schema.json', import.meta.url), 'utf8')) as { $id: string };

/** Stage numbers: `admit` taps order by these (see docs/plugins.md); between size (100) and rate (200) limits. */
const STAGE_TAGGING = 150;

const plugin: PluginDefinition<RequestTaggerSettings> = {
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
};

export default plugin;

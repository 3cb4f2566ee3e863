/**
 * `tool_injection`: adds the declared tools of chosen MCP registries to chat requests, as
 * function tools under their merged names (`{registry_slug}__{tool}`), so each client format's
 * encoder sends them upstream. LLM traffic only: the plugin taps no MCP hook.
 */
import { type CanonicalRequest, definePlugin, type Exchange, STAGE } from '../../core/plugin/index.js';
import { compileNamePattern } from '../shared/names/glob.js';
import { functionToolCache } from './function-tools.js';
import { injectTools } from './inject.js';
import { RegistryTools } from './registry-tools.js';
import { MAX_REGISTRIES, SCHEMA_ID, type ToolInjectionSettings } from './settings.js';

export default definePlugin<ToolInjectionSettings>({
  kind: 'plugin',
  name: 'tool_injection',
  version: '1.0.0',
  coreApi: '^1.2.0',
  schemaId: SCHEMA_ID,
  category: 'policy',
  stages: ['transformInput'],
  // Each named registry must exist in the policy's gateway when the policy is written.
  references: Array.from({ length: MAX_REGISTRIES }, (_, i) => ({ pointer: `/registries/${i}`, kind: 'registry' as const })),
  description: 'Adds the declared tools of chosen MCP registries to chat requests, in every client format.',
  setup(hooks, kit) {
    const settings = kit.config();
    const patterns = settings.tools?.map(compileNamePattern);
    const injection = {
      registries: new RegistryTools(kit),
      functionTools: functionToolCache(patterns ? (name) => patterns.some((matches) => matches(name)) : () => true),
    };
    // Before tool_governance (TOOLS) and the guardrails (GUARDRAIL), which then see the injected tools too.
    hooks.transformInput.tapPromise({ name: 'tool_injection', stage: STAGE.BUDGET }, async (request: CanonicalRequest, ctx: Exchange) =>
      injectTools(kit, injection, request, ctx));
  },
});

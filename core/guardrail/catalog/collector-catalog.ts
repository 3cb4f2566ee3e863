/**
 * The collector catalog (spec 1.2): nineteen integration types in five groups. A collector
 * record's `type` must be one of these ids; gates see it as `collector.type`.
 */

export type CollectorGroupId = 'gateway' | 'assistants' | 'application' | 'agent_frameworks' | 'agent_platforms';

/** One integration a collector can be. */
export interface CollectorType {
  /** snake_case id stored on the collector (`claude_code`). */
  id: string;
  name: string;
  group: CollectorGroupId;
  description: string;
  /** The endpoint this integration calls. */
  endpoint: '/v1/evaluate' | '/v1/evaluate/claude';
}

/** A catalog group and its types. */
export interface CollectorGroup {
  id: CollectorGroupId;
  name: string;
  types: CollectorType[];
}

const GROUP_NAMES: Record<CollectorGroupId, string> = {
  gateway: 'Gateway (API management platforms and AI gateways)',
  assistants: 'AI assistants and coding agents',
  application: 'Application (SDKs, REST, middleware)',
  agent_frameworks: 'Agent frameworks',
  agent_platforms: 'Agent platforms',
};

const t = (group: CollectorGroupId, id: string, name: string, description: string, endpoint: CollectorType['endpoint'] = '/v1/evaluate'): CollectorType => ({
  id, name, group, description, endpoint,
});

/** Every collector type, grouped in catalog order. */
export const COLLECTOR_TYPES: readonly CollectorType[] = Object.freeze([
  t('gateway', 'portcullis', 'Portcullis gateway', 'The gateway\'s own guardrails plugin: input and output of proxied chat, streams checked in windows.'),
  t('gateway', 'kong_ai_gateway', 'Kong AI Gateway', 'A Kong plugin calling the service on the request and response phases.'),
  t('gateway', 'apigee', 'Apigee', 'An Apigee proxy flow with a service callout; a block raises a 403 fault.'),
  t('gateway', 'portkey', 'Portkey', 'A Portkey webhook guardrail (beforeRequestHook / afterRequestHook) through an adapter; a deny is 446.'),
  t('assistants', 'claude', 'Claude (Team and Enterprise)', 'Server-side assistant platform hooks: allow or deny only, through /v1/evaluate/claude.', '/v1/evaluate/claude'),
  t('assistants', 'claude_code', 'Claude Code', 'Claude Code hooks (UserPromptSubmit, PreToolUse, PostToolUse) through the plugin.'),
  t('assistants', 'cursor', 'Cursor', 'Cursor hooks before prompt submission and shell or MCP execution.'),
  t('assistants', 'github_copilot', 'GitHub Copilot', 'Copilot coding agent hooks on prompts and tool calls.'),
  t('assistants', 'gemini_cli', 'Gemini CLI', 'Gemini CLI hooks on prompts and tool calls.'),
  t('application', 'python_sdk', 'Python SDK', 'The Python client library, called from application code.'),
  t('application', 'typescript_sdk', 'TypeScript SDK', 'The TypeScript client library, called from application code or middleware.'),
  t('application', 'rest_api', 'REST API', 'Any HTTP client calling /v1/evaluate directly.'),
  t('agent_frameworks', 'langchain', 'LangChain', 'Agent middleware checking input, output, tool calls and tool results.'),
  t('agent_frameworks', 'langgraph', 'LangGraph', 'Graph node middleware with the conversation thread id as session.'),
  t('agent_frameworks', 'crewai', 'CrewAI', 'Guardrail callbacks on task input and output.'),
  t('agent_frameworks', 'openai_agents_sdk', 'OpenAI Agents SDK', 'Input and output guardrails of the Agents SDK.'),
  t('agent_platforms', 'amazon_bedrock_agents', 'Amazon Bedrock Agents', 'Action-group Lambda calling the service before and after agent steps.'),
  t('agent_platforms', 'microsoft_copilot_studio', 'Microsoft Copilot Studio', 'Copilot Studio agents through an HTTP request action.'),
  t('agent_platforms', 'salesforce_agentforce', 'Salesforce Agentforce', 'Agentforce actions calling the service through a named credential.'),
]);

const BY_ID = new Map(COLLECTOR_TYPES.map((c) => [c.id, c]));

/** The catalog entry of a type id, if it is one. */
export function collectorType(id: string): CollectorType | undefined {
  return BY_ID.get(id);
}

/** The catalog grouped in order, as `GET /v1/catalog/collectors` shows it. */
export function collectorGroups(): CollectorGroup[] {
  return (Object.keys(GROUP_NAMES) as CollectorGroupId[]).map((id) => ({
    id,
    name: GROUP_NAMES[id],
    types: COLLECTOR_TYPES.filter((c) => c.group === id),
  }));
}

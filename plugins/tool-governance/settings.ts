/** Settings of a tool_governance policy (schemas/plugins/tool_governance.schema.json). */
export interface ToolGovernanceSettings {
  /** Only these tool names (or `*` patterns) may be used, when set. */
  allow?: string[];
  /** These tool names (or `*` patterns) may never be used. */
  deny: string[];
  /** Most tools one request may declare. */
  max_tools?: number;
  /** A declared tool that is not allowed: refuse the request, or remove the tool and go on. */
  declared_action: 'block' | 'strip';
  /** A tool call in an answer that is not allowed: refuse the answer, or remove the call. */
  response_action: 'block' | 'strip';
}

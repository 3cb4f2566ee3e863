/* Generated from schemas/plugins/tool_governance.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Settings of the tool_governance policy for LLM traffic: which tool names a request may declare and an answer may call, and how many tools a request may declare. Names match exactly or with * standing for any characters; deny wins over allow.
 */
export interface ToolGovernanceSettings {
  /**
   * When set, only these tool names (or * patterns) may be declared or called.
   *
   * @maxItems 1000
   */
  allow?: string[];
  /**
   * Tool names (or * patterns) that may never be declared or called.
   *
   * @maxItems 1000
   */
  deny?: string[];
  /**
   * Most tools one request may declare; more is refused with 400 before the provider.
   */
  max_tools?: number;
  /**
   * A declared tool that is not allowed: block refuses the request with 403 naming it, before the provider; strip removes it from the request (and a tool_choice naming it) and records a tools_stripped finding.
   */
  declared_action?: 'block' | 'strip';
  /**
   * A tool call in an answer to a tool that is not allowed: block discards the answer (403); strip removes the call and records a tool_calls_stripped finding. Streamed answers are stopped with an error event before the call reaches the client, whichever the action.
   */
  response_action?: 'block' | 'strip';
}

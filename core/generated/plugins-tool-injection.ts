/* Generated from schemas/plugins/tool_injection.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Settings of the tool_injection policy for LLM traffic: adds the declared tools of chosen MCP registries (merged names, input schema as the function parameters, description) to every chat request, in each client format. A tool the client declared under the same name stays the client's. A registry that cannot be reached is left out of that request (logged, and reported as a tool_injection.registry_unavailable finding). MCP traffic is not affected.
 */
export interface ToolInjectionSettings {
  /**
   * The MCP registries of the policy's gateway whose tools are added, by slug or id (at most 10); checked when the policy is written.
   *
   * @minItems 1
   * @maxItems 10
   */
  registries: string[];
  /**
   * When set, only the tools whose merged name ({registry_slug}__{tool}) matches one of these names or * patterns are added.
   *
   * @minItems 1
   * @maxItems 200
   */
  tools?: string[];
  /**
   * Longest a request waits for a registry's tool list when it is not cached yet (the first request after a start or a change); beyond it the request goes on without that registry's tools.
   */
  timeout_ms?: number;
  /**
   * After a registry could not be reached, requests go on without its tools, without trying it again, for this long.
   */
  retry_after_ms?: number;
}

/**
 * The MCP server one client request is answered by: a low-level SDK `Server` whose `tools/list`
 * and `tools/call` handlers delegate to the consumer's toolkit. Built per request (the SDK's
 * stateless serving in both eras); the request's exchange and upstream sessions reach it through
 * the `authInfo` the endpoint hands the SDK, which passes it through untouched.
 */
import { ProtocolError, Server, type AuthInfo, type McpServerFactory } from '@modelcontextprotocol/server';
import { BUILD_INFO } from '../../version/build-info.js';
import type { Exchange } from '../../pipeline/exchange.js';
import { UpstreamConnectRequired } from '../../oauth/upstream/connect-required.js';
import { UnknownToolError, UpstreamSessionExpiredError, type ConsumerToolkit, type ToolCallRecord, type UpstreamSessions } from '../toolkit.js';

/** What one client request carries into its server instance. */
export interface ToolRequestState {
  readonly exchange: Exchange;
  /** Upstream sessions sealed in a legacy-era session id; none for modern (stateless) requests. */
  readonly sessions?: UpstreamSessions;
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
  /** Set by `tools/call`: what the toolkit reports of the call. */
  toolCall?: ToolCallRecord;
  /** Set when the toolkit found an upstream session expired: the endpoint answers 404. */
  sessionExpired?: boolean;
}

const STATE_KEY = 'portcullis.mcp';

/** The `authInfo` that carries `state` to the server instance of its request. */
export function authInfoFor(state: ToolRequestState): AuthInfo {
  const consumer = state.exchange.consumer!;
  return { token: '', clientId: consumer.id, scopes: [], extra: { [STATE_KEY]: state } };
}

const SERVER_INFO = { name: BUILD_INFO.name, version: BUILD_INFO.version };

/** The server factory shared by both protocol eras: the same tools and answers for each. */
export function toolServerFactory(toolkit: ConsumerToolkit): McpServerFactory {
  return ({ authInfo, era }) => {
    const state = authInfo?.extra?.[STATE_KEY] as ToolRequestState | undefined;
    if (!state) throw new Error('an MCP request reached the tool server without its exchange');
    const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: true } } });
    server.setRequestHandler('tools/list', async (request) => {
      // One page holds the whole merged list: a cursor is only ever one the client made up.
      if (request.params?.cursor !== undefined) throw new ProtocolError(-32602, 'Invalid cursor: the tool list has a single page');
      const tools = await toolkit.list(state.exchange, state.sessions);
      return { tools: tools.map((tool) => ({ ...tool.definition, name: tool.name })) as never };
    });
    server.setRequestHandler('tools/call', async (request) => {
      const { name, arguments: args } = request.params;
      try {
        const answer = await toolkit.call(state.exchange, name, (args ?? {}) as Record<string, unknown>, { signal: state.signal, sessions: state.sessions });
        state.toolCall = answer.record;
        return answer.result as never;
      } catch (err) {
        if (err instanceof UnknownToolError) throw new ProtocolError(-32602, err.message);
        // A user who must sign in upstream: 2026-07-28 asks with an input_required result, 2025-11-25 with -32042.
        if (err instanceof UpstreamConnectRequired && era === 'modern') return err.inputRequired() as never;
        if (err instanceof UpstreamSessionExpiredError) {
          state.sessionExpired = true;
          throw new ProtocolError(-32001, 'Session expired: initialize a new session');
        }
        throw err;
      }
    });
    return server;
  };
}

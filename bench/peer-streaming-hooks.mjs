/**
 * Module hooks for the peer gateway's streaming run (see peer-streaming.mjs): its import of its
 * HTTP server adapter is answered by peer-node-server.mjs, which starts the same server with the
 * global Request and Response left as Node's.
 */
export async function resolve(specifier, context, nextResolve) {
  if (specifier === '@hono/node-server' && context.parentURL?.includes('/@portkey-ai/gateway/')) {
    return { url: new URL('./peer-node-server.mjs', import.meta.url).href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

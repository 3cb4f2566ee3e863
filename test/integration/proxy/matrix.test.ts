/**
 * Every client format x every upstream format, through a running gateway: the client (its
 * official SDK) declares a tool, the fake upstream answers a tool call, the client sends the tool
 * result, the fake answers the final text; then the same round trip streamed. What the client
 * decoded is compared with what the fake upstream produced (text, tool name and arguments, call
 * id, usage), and what the upstream received is decoded with its own adapter to check the tool
 * call and result arrived paired.
 */
import { expect } from 'chai';
import type { CanonicalRequest, WireFormat, WireFormatId } from '../../../core/canonical/index.js';
import { clientFor, type ChatClientDriver, type Turn } from './support/clients/index.js';
import { startProxyWorld, type ProxyWorld } from './support/proxy-world.js';
import { FORMATS, UPSTREAM } from './support/upstreams.js';

const USAGE = { input: 21, output: 8 };
const CALL = { id: 'call_wx_1', name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } };
const QUESTION: Turn = { role: 'user', text: 'What is the weather in Paris?' };
const RESULT = 'sunny, 22C';
const FINAL = 'It is sunny and 22 degrees in Paris.';

/** The canonical request an upstream received, decoded with the upstream's own adapter. */
function received(world: ProxyWorld, upstream: WireFormatId): CanonicalRequest {
  const recorded = world.upstreams[upstream].requests.at(-1)!;
  const adapter = world.gateway.host.formats.get(upstream) as WireFormat;
  const pathModel = upstream === 'gemini' ? /\/models\/(.+):/.exec(recorded.path)?.[1] : undefined;
  return adapter.decodeRequest(recorded.body, { pathModel: pathModel && decodeURIComponent(pathModel) });
}

/** Checks the second leg reached the upstream with the call and its result paired, and the native model. */
function expectToolResultForwarded(world: ProxyWorld, upstream: WireFormatId): void {
  const request = received(world, upstream);
  expect(request.model.replace(/^models\//, '')).to.equal(UPSTREAM[upstream].model);
  const parts = request.messages.flatMap((m) => m.content.map((p) => ({ role: m.role, part: p })));
  const call = parts.find((p) => p.part.type === 'tool_call')?.part;
  const result = parts.find((p) => p.part.type === 'tool_result')?.part;
  expect(call, 'the assistant tool call reached the upstream').to.include({ name: CALL.name });
  expect(JSON.parse((call as { arguments: string }).arguments)).to.deep.equal(CALL.arguments);
  expect(result, 'the tool result reached the upstream').to.not.equal(undefined);
  const r = result as { tool_call_id: string; content: Array<{ type: string; text?: string }> };
  expect(r.content.map((c) => c.text ?? '').join('')).to.contain(RESULT);
  expect(r.tool_call_id).to.equal((call as { id: string }).id);
}

describe('proxy matrix: every client format x every upstream format', function () {
  let world: ProxyWorld;

  before(async () => {
    world = await startProxyWorld({ upstream: { usage: USAGE } });
  });
  after(async () => {
    await world?.close();
  });

  for (const clientFormat of FORMATS) {
    for (const upstreamFormat of FORMATS) {
      describe(`${clientFormat} client -> ${upstreamFormat} upstream`, () => {
        let client: ChatClientDriver;
        before(() => {
          client = clientFor(clientFormat, { base: world.base, key: world.key });
        });

        for (const stream of [false, true]) {
          it(`round-trips a tool call and the final answer${stream ? ', streamed' : ''}`, async () => {
            const fake = world.upstreams[upstreamFormat];
            const model = world.pin(upstreamFormat);
            fake.enqueue({ kind: 'tool_calls', calls: [CALL] }, { kind: 'text', text: FINAL });

            const first = await client.send(model, [QUESTION], { stream });
            expect(first.toolCalls).to.have.length(1);
            expect(first.toolCalls[0]).to.deep.include({ name: CALL.name, arguments: CALL.arguments });
            expect(first.toolCalls[0]!.id).to.equal(CALL.id);
            expect(first.usage).to.deep.equal(USAGE);
            const upstreamBody = fake.requests.at(-1)!;
            expect(JSON.stringify(upstreamBody.body)).to.not.contain('@');
            expect(received(world, upstreamFormat).tools?.map((t) => t.name)).to.deep.equal([CALL.name]);

            const call = first.toolCalls[0]!;
            const second = await client.send(
              model,
              [QUESTION, { role: 'assistant', calls: [call] }, { role: 'tool', callId: call.id, name: call.name, result: RESULT }],
              { stream },
            );
            expect(second.text).to.equal(FINAL);
            expect(second.toolCalls).to.deep.equal([]);
            expect(second.usage).to.deep.equal(USAGE);
            expectToolResultForwarded(world, upstreamFormat);
          });
        }
      });
    }
  }
});

/**
 * The testing face of Portcullis (`portcullis/testing`), for plugin authors' tests and our own:
 * a real gateway on free ports (`createTestGateway`, with a `Seeder` for its configuration), a
 * fake plugin kit for unit tests (`fakeKit`), a fake OpenAI-compatible upstream that records
 * every request (`startFakeOpenAI`), and the settings validator the gateway itself uses.
 */
export { createTestGateway, type TestGateway, type TestGatewayOptions } from './test-gateway.js';
export { Seeder } from './seed.js';
export { fakeKit } from './fake-kit.js';
export { settingsValidator } from './settings-validator.js';
export { startFakeOpenAI, OPENAI_CHAT_ROUTES, openAIErrorBody, type FakeOpenAI, type FakeOpenAIOptions } from './fake-upstream/fake-openai.js';
export { startScriptedServer, sendJson, startSse, type ScriptedExchange, type ScriptedRoute, type ScriptedServerConfig, type ScriptedUpstream } from './fake-upstream/scripted-http-server.js';
export { splitIntoChunks, type FakeReply, type FakeUpstream, type FakeUpstreamOptions, type FakeUsage, type RecordedRequest } from './fake-upstream/fake-upstream.js';

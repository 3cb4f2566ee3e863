/**
 * The audio routes (spec 4.2): `POST /v1/audio/speech` answers the upstream's raw bytes with
 * its Content-Type; `POST /v1/audio/transcriptions` forwards the multipart body as-is, its
 * `model` field read for routing. Only audio-capable registries are candidates.
 */
import { expect } from 'chai';
import OpenAI, { toFile } from 'openai';
import { SPEECH_PREFIX } from '../../../fixtures/providers/openai/audio-route.js';
import { call, openAIError, startEndpointWorld, type EndpointWorld } from './support/endpoint-world.js';
import { handBuiltForm, recordedBytes } from './support/hand-built-form.js';

describe('proxy endpoints: audio', () => {
  let world: EndpointWorld;

  before(async () => {
    world = await startEndpointWorld();
  });
  after(async () => {
    await world?.close();
  });

  it('speech through the OpenAI SDK: raw bytes back, the upstream Content-Type kept', async () => {
    const c = await world.consumer('audio-speech', ['ant', 'co', 'oa']);
    const response = await c.client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'hello ✓' });
    expect(response.headers.get('content-type')).to.equal('audio/mpeg');
    expect(response.headers.get('x-ag-trace-id')).to.match(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-selected-provider')).to.equal('openai');
    expect(response.headers.get('x-selected-model')).to.equal('tts-1');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(Buffer.concat([SPEECH_PREFIX, Buffer.from('hello ✓')]))).to.equal(true);
    const wav = await c.client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'x', response_format: 'wav' });
    expect(wav.headers.get('content-type')).to.equal('audio/wav');
    expect(world.fakes.oa.requests.at(-1)!.body).to.deep.equal({ model: 'tts-1', voice: 'alloy', input: 'x', response_format: 'wav' });
    expect(world.hits('ant') + world.hits('co')).to.equal(0);
  });

  it('transcriptions through the OpenAI SDK, JSON and text answers as the upstream gave them', async () => {
    const c = await world.consumer('audio-transcribe', ['oa']);
    const file = await toFile(Buffer.from('RIFF fake wav'), 'clip.wav', { type: 'audio/wav' });
    const json = await c.client.audio.transcriptions.create({ model: 'whisper-1', file });
    expect(json.text).to.equal('heard clip.wav (13 bytes) with whisper-1');
    const text = await c.client.audio.transcriptions.create({ model: 'whisper-1', file: await toFile(Buffer.from('RIFF'), 'b.wav'), response_format: 'text' });
    expect(text).to.equal('heard b.wav (4 bytes) with whisper-1\n');
    expect(world.fakes.oa.requests.at(-1)!.path).to.equal('/v1/audio/transcriptions');
  });

  it('transcriptions: the multipart body is forwarded byte for byte; the cloud-hosted variant gets the deployment path', async () => {
    const c = await world.consumer('audio-azure', ['az']);
    const form = handBuiltForm([
      { name: 'file', value: 'spoken words ✓', filename: 'voice.mp3', type: 'audio/mpeg' },
      { name: 'model', value: 'whisper-1' },
      { name: 'language', value: 'en' },
    ]);
    const response = await call(c, 'POST', '/v1/audio/transcriptions', { body: form.body, headers: { 'content-type': form.contentType } });
    expect(response.status).to.equal(200);
    expect(response.headers.get('x-selected-provider')).to.equal('azure-openai');
    expect(response.headers.get('x-selected-model')).to.equal('whisper-1');
    const sent = world.fakes.az.requests.at(-1)!;
    expect(sent.path).to.equal('/openai/deployments/whisper-deploy/audio/transcriptions');
    expect(sent.query['api-version']).to.equal('2024-10-21');
    expect(sent.headers['content-type']).to.equal(form.contentType);
    expect(recordedBytes(sent.body).equals(form.body)).to.equal(true);
    const speech = await call(c, 'POST', '/v1/audio/speech', { json: { model: 'tts-1', voice: 'nova', input: 'hi' } });
    expect(speech.status).to.equal(200);
    expect(world.fakes.az.requests.at(-1)!.path).to.equal('/openai/deployments/tts-deploy/audio/speech');
  });

  it('a form model outside the allow-list is 403; no audio-capable registry is 503; pinning a chat-only one 400', async () => {
    const c = await world.consumer('audio-refusals', ['oa', 'ant'], { model_policies: [{ registry_id: world.registries.oa._id, allow: ['tts-1'] }] });
    const before = world.hits('oa');
    const form = handBuiltForm([{ name: 'model', value: 'whisper-1' }, { name: 'file', value: 'x', filename: 'a.wav' }]);
    const refused = await call(c, 'POST', '/v1/audio/transcriptions', { body: form.body, headers: { 'content-type': form.contentType } });
    expect(refused.status).to.equal(403);
    const pinned = await call(c, 'POST', '/v1/audio/speech', { json: { model: '@ant/claude-sonnet-4-5', voice: 'alloy', input: 'x' } });
    expect(pinned.status).to.equal(400);
    expect(await openAIError(pinned)).to.contain('cannot serve audio');
    expect(world.hits('oa')).to.equal(before);
    const none = await world.consumer('audio-none', ['ant', 'co']);
    const err = (await none.client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'x' }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err.status).to.equal(503);
    expect(world.hits('ant') + world.hits('co')).to.equal(0);
  });

  it('other methods are 400, other audio paths and extra tails 404, speech needs JSON and transcriptions multipart', async () => {
    const c = await world.consumer('audio-shape', ['oa']);
    for (const op of ['speech', 'transcriptions']) {
      expect((await call(c, 'GET', `/v1/audio/${op}`)).status, `GET ${op}`).to.equal(400);
      expect((await call(c, 'POST', `/v1/audio/${op}/extra`, { json: {} })).status, `${op}/extra`).to.equal(404);
    }
    expect((await call(c, 'POST', '/v1/audio', { json: {} })).status).to.equal(404);
    expect((await call(c, 'POST', '/v1/audio/translations', { json: {} })).status).to.equal(404);
    const json = await call(c, 'POST', '/v1/audio/transcriptions', { json: { model: 'whisper-1' } });
    expect(json.status).to.equal(400);
    const form = handBuiltForm([{ name: 'model', value: 'tts-1' }]);
    const multipart = await call(c, 'POST', '/v1/audio/speech', { body: form.body, headers: { 'content-type': form.contentType } });
    expect(multipart.status).to.equal(400);
  });
});

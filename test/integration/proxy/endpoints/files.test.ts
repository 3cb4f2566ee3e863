/**
 * The files routes (spec 4.2): upload (multipart forwarded as-is), list (query passed through,
 * `purpose` included), metadata, content (bytes, upstream Content-Type kept) and delete. Only
 * registries with a files store are candidates (OpenAI, the cloud-hosted variant, Anthropic
 * among them); custom OpenAI-compatible endpoints and chat-only providers are not. Upstream ids
 * and answers go back as they are, Anthropic's own shape included. A `model` reference only
 * pins a registry; pinning one without a files store is 400; no files store at all is 503.
 * Wrong methods are 400, extra tails 404.
 */
import { expect } from 'chai';
import OpenAI, { toFile } from 'openai';
import { BINARY_FILE_BYTES } from '../../../fixtures/providers/openai/files-route.js';
import { call, openAIError, startEndpointWorld, type EndpointWorld } from './support/endpoint-world.js';
import { handBuiltForm, recordedBytes } from './support/hand-built-form.js';

describe('proxy endpoints: files', () => {
  let world: EndpointWorld;

  before(async () => {
    world = await startEndpointWorld();
  });
  after(async () => {
    await world?.close();
  });

  it('the OpenAI SDK round trip: create, list by purpose, retrieve, content, delete; upstream ids as they are', async () => {
    const c = await world.consumer('files-sdk', ['custom', 'ds', 'oa']);
    const created = await c.client.files.create({ file: await toFile(Buffer.from('{"prompt": "hi"}\n'), 'train.jsonl'), purpose: 'fine-tune' });
    expect(created).to.include({ object: 'file', filename: 'train.jsonl', purpose: 'fine-tune', bytes: 17 });
    expect(created.id).to.match(/^file-oa/);
    const listed = await c.client.files.list({ purpose: 'fine-tune', limit: 5 });
    expect(listed.data.map((f) => f.id)).to.deep.equal([created.id]);
    const listCall = world.fakes.oa.requests.at(-1)!;
    expect(listCall.path).to.equal('/v1/files');
    expect(listCall.query).to.deep.equal({ purpose: 'fine-tune', limit: '5' });
    expect(await c.client.files.retrieve(created.id)).to.deep.equal(created);
    const content = await c.client.files.content(created.id);
    expect(content.headers.get('content-type')).to.equal('application/octet-stream');
    expect(await content.text()).to.equal('{"prompt": "hi"}\n');
    const { data: deleted, response } = await c.client.files.delete(created.id).withResponse();
    expect(deleted).to.deep.equal({ id: created.id, object: 'file', deleted: true });
    expect(response.headers.get('x-ag-trace-id')).to.match(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-selected-provider')).to.equal('openai');
    expect(world.fakes.oa.requests.at(-1)!).to.deep.include({ method: 'DELETE', path: `/v1/files/${created.id}` });
    expect(world.hits('custom') + world.hits('ds')).to.equal(0);
  });

  it('content: the upstream bytes and Content-Type reach the client untouched', async () => {
    const c = await world.consumer('files-bytes', ['oa']);
    const response = await call(c, 'GET', '/v1/files/file-binary/content');
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(BINARY_FILE_BYTES)).to.equal(true);
  });

  it('upload: the multipart body reaches the upstream byte for byte', async () => {
    const c = await world.consumer('files-upload', ['oa2']);
    const form = handBuiltForm([
      { name: 'purpose', value: 'assistants' },
      { name: 'file', value: 'notes: ünïcødé ✓\r\n--not-a-boundary\r\n', filename: 'notes.txt', type: 'text/plain' },
    ]);
    const response = await call(c, 'POST', '/v1/files', { body: form.body, headers: { 'content-type': form.contentType } });
    expect(response.status).to.equal(200);
    const file = (await response.json()) as { id: string; purpose: string; bytes: number };
    expect(file).to.include({ purpose: 'assistants', bytes: Buffer.byteLength('notes: ünïcødé ✓\r\n--not-a-boundary\r\n') });
    const sent = world.fakes.oa2.requests.at(-1)!;
    expect(sent.headers['content-type']).to.equal(form.contentType);
    expect(recordedBytes(sent.body).equals(form.body)).to.equal(true);
  });

  it("Anthropic's Files API: its beta header and key, purpose optional, answers in its own shape, not rewritten", async () => {
    const c = await world.consumer('files-anthropic', ['ant']);
    const form = handBuiltForm([{ name: 'file', value: 'quarterly numbers', filename: 'report.txt', type: 'text/plain' }]);
    const uploaded = await call(c, 'POST', '/v1/files', { body: form.body, headers: { 'content-type': form.contentType } });
    expect(uploaded.status).to.equal(200);
    expect(uploaded.headers.get('x-selected-provider')).to.equal('anthropic');
    const meta = (await uploaded.json()) as Record<string, unknown>;
    expect(meta).to.deep.equal({ id: meta.id, type: 'file', filename: 'report.txt', mime_type: 'text/plain', size_bytes: 17, created_at: '2025-04-14T12:00:00Z', downloadable: false });
    const sent = world.fakes.ant.requests.at(-1)!;
    expect(sent.path).to.equal('/v1/files');
    expect(sent.headers['x-api-key']).to.equal('key-ant');
    expect(sent.headers['anthropic-beta']).to.equal('files-api-2025-04-14');
    expect(sent.headers['anthropic-version']).to.equal('2023-06-01');
    const listed = await call(c, 'GET', '/v1/files?limit=10');
    expect(await listed.json()).to.deep.equal({ data: [meta], first_id: meta.id, last_id: meta.id, has_more: false });
    expect(world.fakes.ant.requests.at(-1)!.query).to.deep.equal({ limit: '10' });
    expect(await (await call(c, 'GET', `/v1/files/${meta.id}`)).json()).to.deep.equal(meta);
    const content = await call(c, 'GET', `/v1/files/${meta.id}/content`);
    expect(content.headers.get('content-type')).to.equal('text/plain');
    expect(await content.text()).to.equal('quarterly numbers');
    expect(await (await call(c, 'DELETE', `/v1/files/${meta.id}`)).json()).to.deep.equal({ id: meta.id, type: 'file_deleted' });
  });

  it('the cloud-hosted variant: /openai/files with the gateway-chosen api-version', async () => {
    const c = await world.consumer('files-azure', ['az']);
    const response = await call(c, 'GET', '/v1/files/file-binary/content');
    expect(response.status).to.equal(200);
    const sent = world.fakes.az.requests.at(-1)!;
    expect(sent.path).to.equal('/openai/files/file-binary/content');
    expect(sent.query).to.deep.equal({ 'api-version': '2024-10-21' });
    expect(sent.headers['api-key']).to.equal('key-az');
  });

  it('a model reference only pins a registry (JSON body, upload form or query) and is never forwarded', async () => {
    const c = await world.consumer('files-pin', ['oa', 'oa2']);
    const before = { oa: world.hits('oa'), oa2: world.hits('oa2') };
    const byQuery = await call(c, 'GET', '/v1/files?purpose=batch&model=%40oa2%2Fany');
    expect(byQuery.status).to.equal(200);
    expect(world.fakes.oa2.requests.at(-1)!.query).to.deep.equal({ purpose: 'batch' });
    const byJson = await call(c, 'DELETE', '/v1/files/file-binary', { json: { model: '@oa2/gpt-4o' } });
    expect(byJson.status).to.equal(200);
    const deleteCall = world.fakes.oa2.requests.at(-1)!;
    expect(deleteCall).to.deep.include({ method: 'DELETE', path: '/v1/files/file-binary', body: undefined });
    const form = handBuiltForm([{ name: 'purpose', value: 'batch' }, { name: 'model', value: '@oa2/whatever' }, { name: 'file', value: '{}', filename: 'b.jsonl' }]);
    const byForm = await call(c, 'POST', '/v1/files', { body: form.body, headers: { 'content-type': form.contentType } });
    expect(byForm.status).to.equal(200);
    expect(((await byForm.json()) as { id: string }).id).to.match(/^file-oa2/);
    // A pin by provider id balances among that provider's registries.
    await call(c, 'GET', '/v1/files/file-binary?model=%40openai%2Fx');
    await call(c, 'GET', '/v1/files/file-binary?model=%40openai%2Fx');
    expect([world.hits('oa') - before.oa, world.hits('oa2') - before.oa2]).to.deep.equal([1, 4]);
  });

  it('without a pin every files call of a consumer goes to one store: its first files-capable registry, every time', async () => {
    // The first registry cannot serve files; of the two stores, the one listed first is the consumer's store.
    const c = await world.consumer('files-affinity', ['custom', 'oa2', 'oa']);
    const before = { oa: world.hits('oa'), oa2: world.hits('oa2') };
    for (let round = 0; round < 2; round++) {
      const created = await c.client.files.create({ file: await toFile(Buffer.from('{"a": 1}\n'), 'a.jsonl'), purpose: 'batch' });
      expect(created.id).to.match(/^file-oa2/);
      expect((await c.client.files.list({ purpose: 'batch' })).data.map((f) => f.id)).to.include(created.id);
      expect((await c.client.files.retrieve(created.id)).id).to.equal(created.id);
      expect(await (await c.client.files.content(created.id)).text()).to.equal('{"a": 1}\n');
      expect((await c.client.files.delete(created.id)).deleted).to.equal(true);
    }
    expect([world.hits('oa') - before.oa, world.hits('oa2') - before.oa2]).to.deep.equal([0, 10]);
    // Another consumer listing the stores the other way round has the other store.
    const other = await world.consumer('files-affinity-other', ['oa', 'oa2']);
    const listed = { oa: world.hits('oa'), oa2: world.hits('oa2') };
    for (let i = 0; i < 4; i++) expect((await call(other, 'GET', '/v1/files')).status).to.equal(200);
    expect([world.hits('oa') - listed.oa, world.hits('oa2') - listed.oa2]).to.deep.equal([4, 0]);
  });

  it('pinning a registry without a files store is 400; no files store at all is 503; an unknown registry 403', async () => {
    const c = await world.consumer('files-refusals', ['oa', 'custom', 'ds']);
    for (const pin of ['@custom/x', '@ds/deepseek-chat']) {
      const response = await call(c, 'GET', `/v1/files?model=${encodeURIComponent(pin)}`);
      expect(response.status, pin).to.equal(400);
      expect(await openAIError(response)).to.contain('cannot serve files');
    }
    expect((await call(c, 'GET', `/v1/files?model=${encodeURIComponent('@nope/x')}`)).status).to.equal(403);
    const none = await world.consumer('files-none', ['custom', 'ds', 'co', 'gem']);
    const err = (await none.client.files.list().catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err.status).to.equal(503);
    expect(err.headers?.get('x-gateway-error-source')).to.equal('gateway');
    expect(world.hits('custom') + world.hits('ds') + world.hits('co') + world.hits('gem')).to.equal(0);
  });

  it("an upstream's 404 for an unknown id is passed on as the upstream's", async () => {
    const c = await world.consumer('files-missing', ['oa']);
    const err = (await c.client.files.retrieve('file-nope').catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).to.be.instanceOf(OpenAI.NotFoundError);
    expect(err.message).to.contain('No such File object: file-nope');
    expect(err.headers?.get('x-gateway-error-source')).to.equal('upstream');
  });

  it('wrong methods are 400, extra tails 404, an upload that is not multipart 400', async () => {
    const c = await world.consumer('files-shape', ['oa']);
    const wrong: Array<[string, string]> = [
      ['PUT', '/v1/files'], ['DELETE', '/v1/files'], ['PATCH', '/v1/files'],
      ['POST', '/v1/files/file-binary'], ['PUT', '/v1/files/file-binary'],
      ['POST', '/v1/files/file-binary/content'], ['DELETE', '/v1/files/file-binary/content'],
    ];
    for (const [method, path] of wrong) {
      const response = await call(c, method, path);
      expect(response.status, `${method} ${path}`).to.equal(400);
      expect(await openAIError(response)).to.contain(method);
    }
    for (const path of ['/v1/files/file-binary/other', '/v1/files/file-binary/content/extra', '/v1/files/a/b', '/v1/files/']) {
      expect((await call(c, 'GET', path)).status, path).to.equal(404);
    }
    const json = await call(c, 'POST', '/v1/files', { json: { purpose: 'batch' } });
    expect(json.status).to.equal(400);
    expect(await openAIError(json)).to.contain('multipart/form-data');
  });
});

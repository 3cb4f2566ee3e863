/**
 * Fuzz target: the proxy's non-chat endpoints. Multipart forms (file uploads, audio
 * transcriptions, image edits and variations) are written byte by byte from valid parts, then
 * mutated: parts dropped, repeated or renamed, odd values and file names, a boundary that does
 * not match the header, a body cut short. JSON bodies of image generation, embeddings, speech
 * and rerank are their real shapes mutated. Properties: no 5xx of the gateway's own, errors
 * in the OpenAI error format, no secret in an answer or a log line.
 */
import fc from 'fast-check';
import { handBuiltForm, type FormPart } from '../integration/proxy/endpoints/support/hand-built-form.js';
import { expectClientFormatError, expectNoSecret, expectNoServerFault } from './support/answer-checks.js';
import { reportStatuses, send, type FuzzAnswer } from './support/bounded-request.js';
import { replayCorpus } from './support/corpus.js';
import { checkProperty } from './support/fuzz-settings.js';
import { itLeavesNoSecretInLogs, startFuzzWorld, type FuzzWorld } from './support/fuzz-world.js';
import { fuzzBodies, oddString, type FuzzBody } from './support/json-mutation.js';

/** A form part as a case holds it (text values; file bytes written as latin1 text). */
interface CasePart {
  name: string;
  value: string;
  filename?: string;
  type?: string;
}

/** A multipart form: its parts, the boundary written in the body and the one named in the header, and where the body is cut. */
interface CaseForm {
  parts: CasePart[];
  boundary: string;
  headerBoundary: string;
  cut: number | null;
}

/** One case: an endpoint and either a form or a JSON body. */
export interface EndpointCase {
  path: string;
  form?: CaseForm;
  json?: FuzzBody;
}

/** One small PNG's bytes as latin1 text, and a second of WAV header. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64').toString('latin1');
const WAV = Buffer.from('UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=', 'base64').toString('latin1');

/** Valid forms of each multipart endpoint. */
const FORMS: Record<string, CasePart[]> = {
  '/v1/files': [{ name: 'purpose', value: 'assistants' }, { name: 'file', value: '{"a":1}\n', filename: 'data.jsonl', type: 'application/jsonl' }],
  '/v1/audio/transcriptions': [{ name: 'model', value: 'whisper-1' }, { name: 'file', value: WAV, filename: 'a.wav', type: 'audio/wav' }, { name: 'response_format', value: 'json' }],
  '/v1/images/edits': [{ name: 'model', value: 'gpt-image-1' }, { name: 'prompt', value: 'a hat' }, { name: 'image', value: PNG, filename: 'cat.png', type: 'image/png' }],
  '/v1/images/variations': [{ name: 'model', value: 'dall-e-2' }, { name: 'image', value: PNG, filename: 'cat.png', type: 'image/png' }, { name: 'n', value: '1' }],
};

/** Valid JSON bodies of the other endpoints. */
const JSON_SEEDS: Record<string, unknown[]> = {
  '/v1/images/generations': [{ model: 'gpt-image-1', prompt: 'a cat', n: 1, size: '1024x1024' }],
  '/v1/embeddings': [{ model: 'text-embedding-3-small', input: ['hello', 'world'] }, { model: 'text-embedding-3-small', input: 'hello', encoding_format: 'float', dimensions: 8 }],
  '/v1/audio/speech': [{ model: 'tts-1', input: 'hello', voice: 'alloy', response_format: 'mp3' }],
  '/v1/rerank': [{ model: 'rerank-v3.5', query: 'which', documents: ['a', 'b'], top_n: 1 }],
};

const oddFilename = fc.oneof(fc.constantFrom('../../etc/passwd', 'a"b.png', 'a\r\nX-Injected: 1.png', '', 'ünïcode.png', 'a;b=c.png', '%00.png'), oddString.map((s) => s.slice(0, 200)));
const oddBoundary = fc.oneof(fc.constantFrom('b', 'x'.repeat(70), "gc0p4Jq0M2Yt08j+34z'(x)=_,.-:?", 'a b'), fc.string({ minLength: 1, maxLength: 70, unit: fc.constantFrom(...'abcXYZ019\'()+_,-./:=? ') }));

/** A part of `seed` changed one way. */
const partEdit = (part: CasePart): fc.Arbitrary<CasePart[]> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant<CasePart[]>([part]) },
    { weight: 1, arbitrary: fc.constant<CasePart[]>([]) },
    { weight: 1, arbitrary: fc.constant<CasePart[]>([part, part]) },
    { weight: 1, arbitrary: oddString.map((value) => [{ ...part, value }]) },
    { weight: 1, arbitrary: oddString.map((name) => [{ ...part, name: name.slice(0, 100) }]) },
    { weight: 1, arbitrary: oddFilename.map((filename) => [{ ...part, filename }]) },
    { weight: 1, arbitrary: fc.constantFrom('', 'text/html', 'multipart/form-data; boundary=inner', 'image/png; charset=\u00ff').map((type) => [{ ...part, type, filename: part.filename ?? 'f' }]) },
  );

const formArbitrary = (seed: CasePart[]): fc.Arbitrary<CaseForm> =>
  fc.record({
    parts: fc.tuple(...seed.map(partEdit)).map((groups) => groups.flat()),
    boundary: oddBoundary,
    sameBoundary: fc.boolean().chain((same) => (same ? fc.constant(null) : oddBoundary)),
    cut: fc.option(fc.nat(), { freq: 6 }),
  }).map(({ parts, boundary, sameBoundary, cut }) => ({ parts, boundary, headerBoundary: sameBoundary ?? boundary, cut }));

const caseArbitrary: fc.Arbitrary<EndpointCase> = fc.oneof(
  fc.constantFrom(...Object.keys(FORMS)).chain((path) => formArbitrary(FORMS[path]!).map((form) => ({ path, form }))),
  fc.constantFrom(...Object.keys(JSON_SEEDS)).chain((path) => fuzzBodies(JSON_SEEDS[path]!).map((json) => ({ path, json }))),
);

/** The bytes and content type of a case's form. */
function formBytes(form: CaseForm): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const parts: FormPart[] = form.parts.map((p) => ({ ...p, value: p.filename !== undefined ? Buffer.from(p.value, 'latin1') : p.value }));
  const written = handBuiltForm(parts, form.boundary);
  const bytes = form.cut === null ? written.body : written.body.subarray(0, form.cut % (written.body.length + 1));
  return { body: new Uint8Array(bytes), contentType: `multipart/form-data; boundary="${form.headerBoundary}"` };
}

describe('fuzz: multipart forms and the other endpoints', function () {
  this.timeout(180_000);
  let world: FuzzWorld;

  before(async () => {
    world = await startFuzzWorld();
  });
  after(async () => {
    reportStatuses('endpoint bodies');
    await world?.close();
  });

  /** Sends one case and checks the properties of its answer. */
  async function runCase(c: EndpointCase): Promise<FuzzAnswer> {
    const { body, contentType } = c.form ? formBytes(c.form) : { body: c.json!.text, contentType: 'application/json' };
    const answer = await send({
      method: 'POST',
      url: `${world.consumer.base}${c.path}`,
      headers: { 'content-type': contentType, authorization: `Bearer ${world.consumer.key}` },
      body,
      label: c.form ? 'form' : c.json!.label,
    });
    // The fake upstreams answer 500 when they cannot read what they were sent; relayed, that is theirs.
    expectNoServerFault(answer, 500);
    expectClientFormatError(answer, 'openai-chat');
    expectNoSecret(answer, world.secrets);
    return answer;
  }

  replayCorpus<EndpointCase>('endpoint-bodies', runCase);

  it('no form or endpoint body answers 5xx of the gateway, an error outside the OpenAI format, or a secret', async () => {
    await checkProperty(fc.asyncProperty(caseArbitrary, async (c) => void (await runCase(c))), 3);
  });

  itLeavesNoSecretInLogs(() => world);
});

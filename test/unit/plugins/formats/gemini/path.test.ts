import { expect } from 'chai';
import { parseGeminiPath, upstreamPath } from '../../../../../plugins/formats/gemini/index.js';

describe('plugins/formats/gemini paths', () => {
  it('reads the model and method of client paths, models with slashes and colons included', () => {
    expect(parseGeminiPath('/v1beta/models/gemini-2.5-flash:generateContent')).to.deep.equal({
      model: 'gemini-2.5-flash',
      method: 'generateContent',
      stream: false,
      sse: false,
    });
    expect(parseGeminiPath('/v1beta/models/@openai/gpt-4o:streamGenerateContent', { alt: 'sse' })).to.deep.equal({
      model: '@openai/gpt-4o',
      method: 'streamGenerateContent',
      stream: true,
      sse: true,
    });
    expect(parseGeminiPath('/v1beta/models/pool:fast:generateContent', { alt: 'sse' })).to.deep.include({ model: 'pool:fast', stream: true, sse: true });
    expect(parseGeminiPath('/v1beta/models/%40openai%2Fgpt-4o:streamGenerateContent')).to.deep.include({ model: '@openai/gpt-4o', stream: true, sse: false });
  });

  it('refuses paths that are not generateContent paths', () => {
    for (const path of ['/v1beta/models/x:countTokens', '/v1beta/models/:generateContent', '/v1beta/models/x', '/v1/models/x:generateContent', '/v1beta/models/%E0%A4%A:generateContent']) {
      expect(parseGeminiPath(path), path).to.equal(undefined);
    }
  });

  it('builds upstream paths with the model as one encoded segment, streaming always with alt=sse', () => {
    expect(upstreamPath('gemini-2.5-flash', false)).to.equal('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(upstreamPath('models/gemini-2.5-pro', true)).to.equal('/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse');
    expect(upstreamPath('tuned/a b', false)).to.equal('/v1beta/models/tuned%2Fa%20b:generateContent');
  });
});

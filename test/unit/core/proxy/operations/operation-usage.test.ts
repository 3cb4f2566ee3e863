/**
 * The usage non-chat answers report, as the exchange's usage that budgets count: images
 * (`usage.input_tokens` / `output_tokens` of the GPT image models), rerank (an OpenAI-compatible
 * rerank's `usage`, Cohere's `meta.billed_units.input_tokens`). Answers without usage, or with
 * counts that are not whole numbers, report none.
 */
import { expect } from 'chai';
import { imageUsage, rerankUsage } from '../../../../../core/proxy/operations/operation-usage.js';

describe('operation usage', () => {
  it('images: the GPT image models report input and output tokens; DALL-E answers report none', () => {
    const answer = { created: 1, data: [], usage: { input_tokens: 12, output_tokens: 272, total_tokens: 284, input_tokens_details: { text_tokens: 12, image_tokens: 0 } } };
    expect(imageUsage(answer)).to.deep.equal({ input_tokens: 12, output_tokens: 272, total_tokens: 284 });
    expect(imageUsage({ created: 1, data: [{ url: 'u' }] })).to.equal(undefined);
    expect(imageUsage({ usage: { input_tokens: '12', output_tokens: 3 } })).to.equal(undefined);
    expect(imageUsage(null)).to.equal(undefined);
  });

  it('rerank: an OpenAI-compatible usage counts its prompt tokens; Cohere its billed input tokens; search units alone count nothing', () => {
    expect(rerankUsage({ results: [], usage: { prompt_tokens: 42, completion_tokens: 0, total_tokens: 42 } })).to.deep.equal({ input_tokens: 42, output_tokens: 0, total_tokens: 42 });
    expect(rerankUsage({ results: [], usage: { total_tokens: 7 } })).to.deep.equal({ input_tokens: 7, output_tokens: 0, total_tokens: 7 });
    expect(rerankUsage({ results: [], meta: { billed_units: { input_tokens: 30, search_units: 1 } } })).to.deep.equal({ input_tokens: 30, output_tokens: 0, total_tokens: 30 });
    expect(rerankUsage({ results: [], meta: { billed_units: { search_units: 1 } } })).to.equal(undefined);
    expect(rerankUsage({ results: [], usage: { prompt_tokens: -1 } })).to.equal(undefined);
  });
});

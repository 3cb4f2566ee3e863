import { expect } from 'chai';
import { firing, hitsOf, toxicity } from './inspect.js';

describe('toxicity detector', () => {
  const categories: Array<[string, string]> = [
    ['you are a worthless idiot', 'harassment'],
    ['all those immigrants should be shot', 'hate'],
    ['send nudes baby', 'sexual'],
    ['I will kill you tomorrow', 'violence'],
    ['I want to kill myself', 'self_harm'],
    ['this is fucking broken', 'profanity'],
  ];
  for (const [text, category] of categories) {
    it(`finds ${category} in ${JSON.stringify(text)}`, () => {
      expect(firing(text)).to.include(category);
    });
  }

  const obfuscated: Array<[string, string]> = [
    ['F.U.C.K this', 'profanity'],
    ['sh1t happens', 'profanity'],
    ['fuuuuuuck', 'profanity'],
    ['b i t c h', 'harassment'],
    ['you f*cking moron', 'harassment'],
    ['What a n1gg3r', 'hate'],
    ["I'll k1ll you", 'violence'],
  ];
  for (const [text, category] of obfuscated) {
    it(`sees through the obfuscated ${JSON.stringify(text)} (${category})`, () => {
      expect(firing(text)).to.include(category);
    });
  }

  const benign = [
    'kill the python process and restart the server',
    'How do I attack the king in a chess game?',
    'Scunthorpe United won again',
    'Please assess the class assignment',
    'switch to quiet mode',
    'Is suicide prevention funding rising?',
    'Have a great day, thanks for the help!',
    'please find the current balance on my con edison bill',
    'Which organizations support survivors of human trafficking?',
    'Order a Cocktail at the bar in Scunthorpe',
  ];
  for (const text of benign) {
    it(`does not fire on the benign ${JSON.stringify(text)}`, () => {
      expect(firing(text)).to.deep.equal([]);
    });
  }

  it('reports type, entities, severity and a confidence in 0..1', () => {
    const [hit] = hitsOf('I will kill you tomorrow');
    expect(hit.type).to.equal('toxicity.violence');
    expect(hit.entities).to.deep.equal(['violence']);
    expect(hit.severity).to.equal('high');
    expect(hit.confidence).to.be.within(0.5, 1);
  });

  it('reports only enabled categories', () => {
    const d = toxicity({ categories: ['hate'] });
    expect(firing('shut up you stupid bitch', d)).to.deep.equal([]);
    expect(firing('What a n1gg3r', d)).to.deep.equal(['hate']);
  });

  it('drops hits below the minimum severity of their category', () => {
    expect(hitsOf('damn, I missed the bus').map((h) => h.severity)).to.not.include('high');
    const d = toxicity({ min_severity: { profanity: 'high' } });
    expect(hitsOf('damn, I missed the bus', d).filter((h) => h.entities[0] === 'profanity')).to.deep.equal([]);
    expect(firing('this is fucking broken', d)).to.include('profanity');
  });

  it('ignores allow-words, however they are spelled', () => {
    expect(firing('the hoe is in the garden shed')).to.not.deep.equal([]);
    const d = toxicity({ allow_words: ['Hoe'] });
    expect(firing('the hoe is in the garden shed', d)).to.deep.equal([]);
    expect(firing('the h0e is in the garden shed', d)).to.deep.equal([]);
  });

  it('keeps the strongest result per category across segments', () => {
    const d = toxicity();
    const hits = d.inspect({
      direction: 'input',
      segments: [
        { id: 0, text: 'hello there', source: 'prompt' },
        { id: 1, text: 'I will kill you', source: 'tool_result' },
      ],
      attachments: [],
      attributes: {},
    }) as Array<{ type: string }>;
    expect(hits.map((h) => h.type)).to.deep.equal(['toxicity.violence']);
  });
});

describe('toxicity detector input edge cases', () => {
  it('treats words that name object members as plain words', () => {
    expect(firing('constructor __proto__ toString hasOwnProperty')).to.deep.equal([]);
  });

  it('returns nothing for empty, numeric or symbol-only segments', () => {
    for (const text of ['', '12345 67', '!!! ???', '   ']) expect(hitsOf(text), JSON.stringify(text)).to.deep.equal([]);
  });
});

describe('toxicity detector on long text', () => {
  it('still fires on one profane sentence inside a long neutral prompt', () => {
    const neutral = 'Could you review the quarterly report, summarize the findings about revenue growth in Europe, and list three risks for next year? ';
    const text = `${neutral.repeat(12)}Honestly this build system is fucking broken again. ${neutral.repeat(12)}`;
    expect(firing(text)).to.include('profanity');
    expect(firing(neutral.repeat(25))).to.deep.equal([]);
  });
});

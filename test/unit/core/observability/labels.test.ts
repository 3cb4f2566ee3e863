import { expect } from 'chai';
import { LabelBudget, OTHER_LABEL, routeTemplate } from '../../../../core/observability/labels.js';

describe('observability labels', () => {
  it('turns paths that carry a model or an id into one template each', () => {
    expect(routeTemplate('/v1/chat/completions')).to.equal('/v1/chat/completions');
    expect(routeTemplate('/v1beta/models/gemini-2.5-flash:generateContent')).to.equal('/v1beta/models/{model}:generateContent');
    expect(routeTemplate('/v1beta/models/@openai/gpt-4o:streamGenerateContent')).to.equal('/v1beta/models/{model}:streamGenerateContent');
    expect(routeTemplate('/v1/models/gpt-4o-mini')).to.equal('/v1/models/{id}');
    expect(routeTemplate('/v1/models')).to.equal('/v1/models');
    expect(routeTemplate(undefined)).to.equal('');
  });

  it('caps the distinct values of each label, keeping the ones already seen', () => {
    const budget = new LabelBudget(2);
    expect(budget.value('model', 'a')).to.equal('a');
    expect(budget.value('model', 'b')).to.equal('b');
    expect(budget.value('model', 'c')).to.equal(OTHER_LABEL);
    expect(budget.value('model', 'a')).to.equal('a');
    // Another label has its own budget.
    expect(budget.value('consumer', 'c')).to.equal('c');
  });

  it('maps absent values to the empty label and cuts very long ones', () => {
    const budget = new LabelBudget();
    expect(budget.value('model', undefined)).to.equal('');
    expect(budget.value('model', null)).to.equal('');
    expect(budget.value('status', 200)).to.equal('200');
    expect(budget.value('model', 'x'.repeat(500))).to.have.length(128);
  });
});

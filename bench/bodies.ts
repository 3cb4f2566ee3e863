/** Request bodies of the benchmark scenarios. */
export const openaiChat = (stream = false) =>
  JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello in one short sentence.' }], ...(stream ? { stream: true } : {}) });

export const anthropicMessages = () =>
  JSON.stringify({ model: 'gpt-4o-mini', max_tokens: 64, messages: [{ role: 'user', content: 'Say hello in one short sentence.' }] });

/** A prompt of about `bytes` bytes of ordinary prose with a few entities for the detectors. */
export function prompt(bytes: number): string {
  const sentences = [
    'Please summarise the attached quarterly report for the leadership team.',
    'Contact the account manager at jane.doe@example.com if anything is unclear.',
    'The meeting is on Tuesday at 10am in the main conference room.',
    'Revenue grew by twelve percent while costs stayed flat across regions.',
    'See https://docs.example.com/reports/q3 for the full methodology.',
    'Highlight risks, open questions and the decisions we need next week.',
  ];
  let out = '';
  for (let i = 0; out.length < bytes; i++) out += sentences[i % sentences.length] + ' ';
  return out.slice(0, bytes);
}

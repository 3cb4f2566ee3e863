/** `count` distinct e-mail addresses separated by spaces (130,000 of them is about 2 MB). */
export function manyEmails(count: number): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(`u${i}@mail.io`);
  return parts.join(' ');
}

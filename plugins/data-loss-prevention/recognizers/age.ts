/** AGE: a person's age in years (`I am 34 years old`, `aged 71`, `a 45-year-old`, `Age: 62`). */
import type { Recognizer, Span } from '../span.js';

// The number is the value; the words around it say it is an age.
const AGE_AFTER = /\b(\d{1,3})(?:[ -](?:years?|yrs?|yo)[ -]old\b|[ -]years?[ -]of[ -]age\b|[ -]?y\/?o\b|-year-old\b)/gi;
const AGE_BEFORE = /\b(?:aged|age(?:d|s)?:|age is|at the age of|turn|turned|turning|turns)[ \t]*(\d{1,3})\b(?![.,:]?\d)(?![ \t]*(?:%|percent|minutes?|hours?|days?|weeks?|months?|km|kg|cm|mm|m\b|times))/gi;
// A bare number closing a clause after `I am`, `he was`: an age as often as not (`when he was 78.`),
// so only `high` sensitivity keeps it (score under the `balanced` floor).
const AGE_WEAK = /\b(?:i am|i'm|he is|she is|he's|she's|he was|she was|i was)[ \t]+(\d{1,2})(?=[ \t]*(?:[.!?;]|,[ \t]|$))/gim;
// `years old` of things: `the company is 120 years old`.
const NOT_A_PERSON = /\b(?:company|firm|building|house|tree|car|bridge|church|tradition|business|brand|site|record|wine|whisky|city|town)\b[^.\n]{0,20}$/i;
// Every cue holds one of these: without one, the text holds no age.
const ANY_CUE = /year|yrs|y\/?o|\bage|\bturn/i;

/** Finds ages of 0 to 120 years. */
export function ageRecognizer(): Recognizer {
  const take = (text: string, start: number, value: string, out: Span[], score = 0.85) => {
    if (Number(value) > 120 || NOT_A_PERSON.test(text.slice(Math.max(0, start - 32), start))) return;
    out.push({ entity: 'AGE', start, end: start + value.length, score });
  };
  return {
    entities: ['AGE'],
    find(text: string, out: Span[]) {
      for (const m of text.matchAll(AGE_WEAK)) take(text, m.index + m[0].length - m[1].length, m[1], out, 0.5);
      if (!ANY_CUE.test(text)) return;
      // The number opens an AGE_AFTER match and closes an AGE_BEFORE one.
      for (const m of text.matchAll(AGE_AFTER)) take(text, m.index, m[1], out);
      for (const m of text.matchAll(AGE_BEFORE)) take(text, m.index + m[0].length - m[1].length, m[1], out);
    },
  };
}

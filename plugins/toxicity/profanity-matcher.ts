/**
 * The obscenity package's English word list and matcher (which also handles leetspeak,
 * confusable letters and repeated characters), mapped onto Portcullis categories.
 */
import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';
import type { Tag } from './lexicon.js';

// obscenity's `originalWord` -> category and severity.
const HATE = new Set(['abeed', 'africoon', 'arabush', 'boonga', 'chingchong', 'chink', 'dyke', 'fag', 'kike', 'nigger', 'tranny']);
// Also everyday words elsewhere (`abo`, Spanish `negro`): medium, so the model decides.
const HATE_MEDIUM = new Set(['abo', 'negro', 'retard', 'spastic']);
const PROFANE = new Set(['arse', 'ass', 'bastard', 'bitch', 'bollocks', 'cuck', 'cunt', 'fuck', 'piss', 'prick', 'shit', 'turd', 'twat']);
const VIOLENT = new Set(['rape']);

function tagOf(word: string): Tag {
  if (HATE.has(word)) return ['hate', 'high'];
  if (HATE_MEDIUM.has(word)) return ['hate', 'medium'];
  if (PROFANE.has(word)) return ['profanity', 'medium'];
  if (VIOLENT.has(word)) return ['violence', 'high'];
  return ['sexual', 'medium'];
}

/** A matcher built once; `tags(text)` lists the category of every listed word found. */
export function profanityMatcher(): { tags(text: string): Tag[] } {
  const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
  return {
    tags(text: string): Tag[] {
      const out: Tag[] = [];
      for (const match of matcher.getAllMatches(text)) {
        const word = englishDataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord;
        if (word) out.push(tagOf(word));
      }
      return out;
    },
  };
}

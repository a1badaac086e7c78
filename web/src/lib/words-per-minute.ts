import { DEFAULT_WORDS_PER_MINUTE } from '@cw/contract/words';

/**
 * The speaking pace the writer's scripts are timed at. The account's own `words_per_minute`
 * replaces the default once the user object carries it.
 */
export function useWordsPerMinute(): number {
  return DEFAULT_WORDS_PER_MINUTE;
}

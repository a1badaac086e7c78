import { DEFAULT_WORDS_PER_MINUTE } from '@cw/contract/words';
import { useContext } from 'react';
import { CurrentUserContext } from './current-user';

/** The speaking pace the writer's scripts are timed at: the account's `words_per_minute`. */
export function useWordsPerMinute(): number {
  return useContext(CurrentUserContext)?.words_per_minute ?? DEFAULT_WORDS_PER_MINUTE;
}

import { useQuery } from '@tanstack/react-query';
import { collectionsPageQueryOptions } from '../../../lib/api/collections';

/** The API's largest page: the picker offers every collection of the user. */
const PICKER_PAGE_SIZE = 200;

/** The user's collections for the content form's picker. */
export function usePickerCollections(user: number) {
  return useQuery({
    ...collectionsPageQueryOptions(user, 1, PICKER_PAGE_SIZE),
    select: (page) =>
      [...page.results].sort((a, b) =>
        a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
      ),
  });
}

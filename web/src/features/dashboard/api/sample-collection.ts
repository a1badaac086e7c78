import type { ContentStatus } from '@cw/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collectionKeys } from '../../../lib/api/collections';
import { contentKeys } from '../../../lib/api/contents';

/**
 * "Add a sample collection" (docs/product.md, "First run"): a collection to try every tool on,
 * with a script (chapters, captions, the teleprompter), a note, and items spread over the
 * board's columns. Made by the ordinary calls, so it is the person's to change or delete.
 */
const SCRIPT = [
  '## Hook',
  'One plank, two clamps and a saw. By tonight this pile of wood is the desk I am filming on, and I will show you every cut so you can build yours this weekend.',
  '',
  '## Intro',
  'I build furniture in a one-room flat, so everything here works without a workshop. [b-roll: the flat, the plank on the floor] You need about forty euros of wood and an afternoon.',
  '',
  '## The cut',
  'Measure twice and mark the cut with a square. Clamp the plank to the table, keep the saw upright, and let its weight do the work. Sand the ends before you do anything else.',
  '',
  '## Assembly',
  'Screw the legs on from below, two screws each, and check the top with a level. If it rocks, trim the long leg a little at a time. The tools I used are listed at https://example.com/desk-tools.',
  '',
  '## Outro',
  'That is the whole desk. If you build one, send me a picture, and subscribe for the next episode, where we finish it with oil.',
].join('\n');

const ITEMS: { title: string; status: ContentStatus; content: string }[] = [
  { title: 'Ep 1 — Build a desk in a day', status: 'scripting', content: SCRIPT },
  {
    title: 'Ep 2 — Finishing with oil',
    status: 'idea',
    content: 'Oil against varnish: which one survives a coffee cup?',
  },
  {
    title: 'Ep 1 — B-roll list',
    status: 'recording',
    content: '- [ ] The plank on the floor\n- [ ] Close-up of the saw\n- [ ] The finished desk',
  },
  {
    title: 'Channel trailer',
    status: 'editing',
    content: 'Small flat, real furniture. New builds every other Friday.',
  },
  {
    title: 'Ep 0 — Why I build in a flat',
    status: 'published',
    content: 'No garage, no workshop, no excuses.',
  },
];

export async function addSampleCollection(user: number): Promise<number> {
  const collection = await callApi('collections.create', {
    body: {
      name: 'Sample: Desk build series',
      description: 'A sample to try the tools on. Change it or delete it when you are done.',
      is_active: true,
      is_public: false,
      meta_data: {},
      tags: [],
      user,
    },
  });
  for (const item of ITEMS) {
    await callApi('contents.create', {
      body: { ...item, collections: [collection.id], meta_data: {}, user },
    });
  }
  await callApi('notes.create', {
    body: {
      collection: collection.id,
      title: 'Guest ideas',
      content: 'Ask a carpenter about **joints** that need no screws.',
      tags: ['guests'],
    },
  });
  return collection.id;
}

/**
 * `onAdded` runs here, not in `mutate`'s options: the refreshed lists fill the library, and the
 * first-run offers that asked unmount before a caller's own callback would run.
 */
export function useAddSampleCollection(user: number, onAdded: (collection: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => addSampleCollection(user),
    onSuccess: onAdded,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}

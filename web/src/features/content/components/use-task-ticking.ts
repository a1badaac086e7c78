import type { ContentItem } from '@cw/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { TaskToggle } from '../../../components/markdown-renderer';
import { contentKeys, contentQueryOptions } from '../../../lib/api/contents';
import { can } from '../../../lib/roles';
import { setTask } from '../../../lib/task-lists';
import { TaskMovedError, tickTask } from '../api/tick-task';

export const TASK_MOVED_TEXT = 'This task changed meanwhile: the text now shows its latest words.';
export const TASK_FAILED_TEXT = 'Could not update the task. Please try again.';

/**
 * Ticking tasks in an item's reading view (docs/decisions/216), for those who may change it:
 * the box shows the new state at once and the item is saved by the REST update with If-Match
 * (tickTask); on failure the box goes back and a message says why. Viewers get no toggle, so
 * their boxes stay read-only. One tick at a time.
 */
export function useTaskTicking(item: ContentItem | undefined) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const busy = useRef(false);
  const writable = item !== undefined && can.write(item.role);

  const toggle = useCallback<TaskToggle>(
    (line, checked) => {
      if (!item || busy.current) return;
      const key = contentQueryOptions(item.id).queryKey;
      const next = setTask(item.content, item.content, line, checked);
      if (next === null) return;
      busy.current = true;
      setMessage(null);
      queryClient.setQueryData(key, { ...item, content: next });
      tickTask(item.id, item.content, line, checked)
        .then((saved) => {
          queryClient.setQueryData(key, saved);
          void queryClient.invalidateQueries({
            queryKey: contentKeys.all,
            predicate: (query) => query.queryKey[1] !== 'detail',
          });
        })
        .catch((error: unknown) => {
          queryClient.setQueryData(key, item);
          if (error instanceof TaskMovedError) {
            setMessage(TASK_MOVED_TEXT);
            void queryClient.invalidateQueries({ queryKey: key });
          } else {
            setMessage(TASK_FAILED_TEXT);
          }
        })
        .finally(() => {
          busy.current = false;
        });
    },
    [item, queryClient],
  );
  return { onToggleTask: writable ? toggle : undefined, message };
}

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AskToDelete } from '../test/delete-harness';
import type { DeleteMutation } from './delete-dialog';

/** A delete whose outcome the test decides, like a server that fails first and then succeeds. */
function scriptedDelete(outcomes: boolean[]): DeleteMutation & { calls: number[] } {
  return {
    isPending: false,
    calls: [],
    mutate(id, { onSuccess, onError }) {
      this.calls.push(id);
      if (outcomes.shift()) onSuccess();
      else onError();
    },
  };
}

describe('DeleteDialog', () => {
  it('names the object, keeps a failure in the dialog, and forgets it once closed', async () => {
    const user = userEvent.setup({ delay: null });
    const mutation = scriptedDelete([false, true]);
    let deleted = 0;
    render(
      <AskToDelete
        kind="Collection"
        label="Video ideas"
        mutation={mutation}
        onDeleted={() => (deleted += 1)}
      />,
    );

    await user.click(screen.getByRole('button', { name: 'Delete Video ideas' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Collection' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete Video ideas? This action cannot be undone.',
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Failed to delete collection. Please try again.')).toBeInTheDocument();
    expect(deleted).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Video ideas' }));
    expect(screen.queryByText('Failed to delete collection. Please try again.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(mutation.calls).toEqual([7, 7]);
    expect(deleted).toBe(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

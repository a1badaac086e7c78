import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DeleteDialog, type DeleteMutation } from './delete-dialog';

interface Thing {
  id: number;
  label: string;
}

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

function Harness({ mutation, onDeleted }: { mutation: DeleteMutation; onDeleted: () => void }) {
  const [target, setTarget] = useState<Thing | null>(null);
  return (
    <>
      <button type="button" onClick={() => setTarget({ id: 7, label: 'Video ideas' })}>
        Ask
      </button>
      <DeleteDialog
        target={target}
        title="Delete Collection"
        name={(t) => t.label}
        failureText="Failed to delete collection. Please try again."
        mutation={mutation}
        onClose={() => setTarget(null)}
        onDeleted={onDeleted}
      />
    </>
  );
}

describe('DeleteDialog', () => {
  it('names the object, keeps a failure in the dialog, and forgets it once closed', async () => {
    const user = userEvent.setup({ delay: null });
    const mutation = scriptedDelete([false, true]);
    let deleted = 0;
    render(<Harness mutation={mutation} onDeleted={() => (deleted += 1)} />);

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Collection' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete Video ideas? This action cannot be undone.',
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Failed to delete collection. Please try again.')).toBeInTheDocument();
    expect(deleted).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.queryByText('Failed to delete collection. Please try again.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(mutation.calls).toEqual([7, 7]);
    expect(deleted).toBe(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

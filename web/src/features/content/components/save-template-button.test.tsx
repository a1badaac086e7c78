import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeContent, renderSignedIn } from '../../../test/library-fixtures';
import { json } from '../../../test/fake-fetch';
import { SaveTemplateButton } from './save-template-button';

afterEach(() => vi.unstubAllGlobals());

const item = makeContent({
  id: 3,
  title: 'Weekly vlog',
  content: '## Hello\nHi.',
  status: 'recording',
  tags: [1],
  tags_named_list: [{ id: 1, name: 'vlog' }],
});

describe('Save as template', () => {
  it("saves the item's text, status and tags under the name given", async () => {
    const { user, fetch } = renderSignedIn(
      <SaveTemplateButton item={item} />,
      { path: '/content/:id', route: '/content/3' },
      {
        'POST /api/templates/': (_url, init) =>
          json(201, { id: '9', ...(JSON.parse(init.body as string) as object) }),
      },
    );
    await user.click(screen.getByRole('button', { name: 'Save as template' }));
    const name = screen.getByLabelText('Template name');
    expect(name).toHaveValue('Weekly vlog');
    await user.clear(name);
    await user.type(name, 'Vlog episode');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(
      await screen.findByText('Saved as template “Vlog episode”. Find it under New from template.'),
    ).toBeInTheDocument();
    expect(fetch.calls[0]?.body).toEqual({
      name: 'Vlog episode',
      content: '## Hello\nHi.',
      status: 'recording',
      tags: ['vlog'],
    });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for a name', async () => {
    const { user, fetch } = renderSignedIn(
      <SaveTemplateButton item={item} />,
      { path: '/content/:id', route: '/content/3' },
      {},
    );
    await user.click(screen.getByRole('button', { name: 'Save as template' }));
    await user.clear(screen.getByLabelText('Template name'));
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Give the template a name.')).toBeInTheDocument();
    expect(fetch.calls).toHaveLength(0);
  });
});

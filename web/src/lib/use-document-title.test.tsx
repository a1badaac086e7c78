import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle } from './use-document-title';

function Titled({ parts }: { parts: (string | undefined)[] }) {
  useDocumentTitle(...parts);
  return null;
}

describe('useDocumentTitle', () => {
  it('names the page, its section and the site, most specific first', () => {
    expect(documentTitle('Season 2', 'Collections')).toBe(
      'Season 2 · Collections · Creator Workspace',
    );
    expect(documentTitle()).toBe('Creator Workspace');
  });

  it('leaves out parts that are not known yet', () => {
    expect(documentTitle(undefined, 'Collections')).toBe('Collections · Creator Workspace');
    expect(documentTitle('  ', 'Your Content')).toBe('Your Content · Creator Workspace');
  });

  it('sets document.title and follows changes', () => {
    const { rerender } = render(<Titled parts={[undefined, 'Collections']} />);
    expect(document.title).toBe('Collections · Creator Workspace');
    rerender(<Titled parts={['Season 2', 'Collections']} />);
    expect(document.title).toBe('Season 2 · Collections · Creator Workspace');
  });
});

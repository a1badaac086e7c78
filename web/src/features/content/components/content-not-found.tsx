import { FileX } from 'lucide-react';
import { ButtonLink } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';

export function ContentNotFound() {
  return (
    <EmptyState
      icon={<FileX className="size-6" aria-hidden="true" />}
      title="Content not found"
      description="It may have been deleted, or the link is wrong."
      action={
        <ButtonLink to="/content" variant="secondary">
          Back to your content
        </ButtonLink>
      }
    />
  );
}

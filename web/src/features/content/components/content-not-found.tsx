import { FileX } from 'lucide-react';
import { NotFoundState } from '../../../components/empty-state';

export function ContentNotFound() {
  return (
    <NotFoundState
      icon={<FileX className="size-6" aria-hidden="true" />}
      title="Content not found"
      back="/content"
      backLabel="Back to your content"
    />
  );
}

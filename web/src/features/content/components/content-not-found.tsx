import { FileX } from 'lucide-react';
import { NotFoundState } from '../../../components/empty-state';

export function ContentNotFound() {
  return (
    <NotFoundState
      icon={FileX}
      title="Content not found"
      back="/content"
      backLabel="Back to your content"
    />
  );
}

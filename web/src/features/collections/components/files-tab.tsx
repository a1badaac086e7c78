import { Paperclip } from 'lucide-react';
import { Link } from 'react-router';

/**
 * Files & Attachments. The files API attaches files to content items, not to collections, so
 * this tab keeps the spec's texts and points to where attachments work (decision 054).
 */
export function FilesTab() {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
        <Paperclip className="size-6" aria-hidden="true" />
      </div>
      <p className="text-base font-semibold text-slate-900">Files & Attachments coming soon!</p>
      <p className="mt-1 text-sm text-slate-600">No files yet.</p>
      <p className="mt-4 max-w-sm text-sm text-slate-500">
        Meanwhile, you can attach files to any script or note in{' '}
        <Link to="/content" className="font-medium text-indigo-600 hover:underline">
          Notes/Scripts
        </Link>
        .
      </p>
    </div>
  );
}

import { pathOf } from '@cw/contract/routes';
import {
  CalendarDays,
  FolderOpen,
  History,
  MonitorPlay,
  Paperclip,
  Pencil,
  Trash2,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { Button, ButtonLink } from '../../../components/button';
import { DetailPanel } from '../../../components/detail-panel';
import { Markdown } from '../../../components/markdown';
import { RoleBadge } from '../../../components/role-badge';
import { PageSpinner } from '../../../components/spinner';
import { TagChipList, tagHref } from '../../../components/tag-chip';
import { contentKeys } from '../../../lib/api/contents';
import { useWikilinks } from '../../../lib/api/links';
import { useDetailAccessWatch } from '../../../lib/collection-access';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import { can, changedByOther } from '../../../lib/roles';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useContent } from '../api/get-content';
import { AttachmentList } from '../components/attachment-list';
import { Backlinks } from '../components/backlinks';
import { CaptionsNotesPanel } from '../components/captions-notes-panel';
import { ChaptersPanel } from '../components/chapters-panel';
import { SaveTemplateButton } from '../components/save-template-button';
import { DeleteContentDialog } from '../components/delete-content-dialog';
import { ContentNotFound } from '../components/content-not-found';
import { PublicPagePanel } from '../components/public-page-panel';
import { useTaskTicking } from '../components/use-task-ticking';
import { FormMessage } from '../../../components/form-message';

/** The History dialog brings the diff library with it, so it loads when first opened. */
const HistoryDialog = lazy(() => import('../components/history-dialog'));
const RESTORED_NOTICE_MS = 4000;

/**
 * /content/{id}: the rendered item with its tags, dates and attachments. An item seen through
 * a shared collection shows the person's role (a viewer gets no Edit or Delete) and who edited
 * it last; when access ends, the page goes back to the collections.
 */
export function ContentDetailPage() {
  const { id } = useParams();
  const contentId = Number(id);
  const navigate = useNavigate();
  const user = useCurrentUser();
  const item = useContent(contentId);
  const wikilinks = useWikilinks(item.data ? contentId : null);
  useDocumentTitle(item.data?.title, 'Your Content');
  const [deleting, setDeleting] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [restored, setRestored] = useState(false);
  const restoredTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(restoredTimer.current), []);
  useDetailAccessWatch(item, contentKeys.all, contentId, pathOf('contents.get', { id: contentId }));
  const tasks = useTaskTicking(item.data);

  if (Number.isInteger(contentId) && contentId > 0 && item.isPending) {
    return <PageSpinner label="Loading..." />;
  }
  if (!item.data) return <ContentNotFound />;
  const content = item.data;
  const shared = content.role !== 'owner';
  const changedBy = changedByOther(content, user.id);

  return (
    <article>
      <BackLink to={shared ? '/collections' : '/content'}>
        {shared ? 'Collections' : 'Your Content'}
      </BackLink>
      <header className="mb-6 flex flex-col gap-4 xl:flex-row xl:items-start xl:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere] text-slate-900">
            {content.title}
          </h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500">
            <RoleBadge role={content.role} />
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden="true" />
              Created {formatDateTime(content.created_on)}
            </span>
            {changedBy ? (
              <span>
                {changedBy}
                {content.updated_on && ` · ${formatDateTime(content.updated_on)}`}
              </span>
            ) : (
              content.updated_on && <span>Edited {formatDateTime(content.updated_on)}</span>
            )}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <ButtonLink
            to={`/content/${content.id}/teleprompter`}
            variant="secondary"
            size="sm"
            icon={MonitorPlay}
          >
            Teleprompter
          </ButtonLink>
          <Button variant="secondary" size="sm" icon={History} onClick={() => setHistoryOpen(true)}>
            History
          </Button>
          <SaveTemplateButton item={content} />
          {can.write(content.role) && (
            <>
              <ButtonLink
                to={`/content/${content.id}/edit`}
                variant="secondary"
                size="sm"
                icon={Pencil}
              >
                Edit
              </ButtonLink>
              <Button variant="secondary" size="sm" icon={Trash2} onClick={() => setDeleting(true)}>
                Delete
              </Button>
            </>
          )}
        </div>
      </header>
      <div aria-live="polite">
        {restored && (
          <FormMessage tone="success" className="mb-4">
            Version restored. The text it replaced is kept in History.
          </FormMessage>
        )}
      </div>

      {content.files.length > 0 && (
        <button
          type="button"
          className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-indigo-700 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 lg:hidden"
          onClick={() => {
            const section = document.getElementById('content-attachments');
            section?.scrollIntoView({ block: 'start' });
            section?.focus({ preventScroll: true });
          }}
        >
          <Paperclip className="size-4" aria-hidden="true" />
          Attachments ({content.files.length})
        </button>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <div aria-live="polite">
            {tasks.message && (
              <FormMessage tone="error" className="mb-4">
                {tasks.message}
              </FormMessage>
            )}
          </div>
          <Markdown className="text-base" onToggleTask={tasks.onToggleTask} wikilinks={wikilinks}>
            {content.content}
          </Markdown>
        </div>
        <aside className="space-y-4" aria-label="Details">
          <DetailPanel title="Collections">
            {content.collections_named_list.length === 0 ? (
              <p className="text-sm text-slate-500 italic">In no collection</p>
            ) : (
              <ul className="space-y-1.5" aria-label="Collections">
                {content.collections_named_list.map((collection) => (
                  <li key={collection.id} className="min-w-0">
                    <Link
                      to={`/collections/${collection.id}`}
                      title={collection.name}
                      className="inline-flex max-w-full items-center gap-1.5 rounded-md text-sm font-medium text-indigo-700 hover:text-indigo-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                    >
                      <FolderOpen className="size-4 shrink-0" aria-hidden="true" />
                      <span className="truncate">{collection.name}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </DetailPanel>
          <PublicPagePanel item={content} />
          <DetailPanel title="Tags">
            {content.tags_named_list.length === 0 ? (
              <p className="text-sm text-slate-500 italic">No tags</p>
            ) : (
              <TagChipList
                tags={content.tags_named_list}
                max={50}
                // Tags are per person: only the owner's own tags can filter their list.
                href={content.role === 'owner' ? tagHref : undefined}
              />
            )}
          </DetailPanel>
          <DetailPanel title="Chapters">
            <ChaptersPanel item={content} />
          </DetailPanel>
          <DetailPanel title="Captions and show notes">
            <CaptionsNotesPanel item={content} />
          </DetailPanel>
          <DetailPanel
            title="Attachments"
            id="content-attachments"
            tabIndex={-1}
            className="focus:outline-none"
          >
            <AttachmentList
              files={content.files}
              publicToggle={can.write(content.role) ? content.id : undefined}
            />
          </DetailPanel>
          <Backlinks contentId={content.id} />
        </aside>
      </div>

      {historyOpen && (
        <Suspense fallback={null}>
          <HistoryDialog
            item={content}
            open={historyOpen}
            onClose={() => setHistoryOpen(false)}
            onRestored={() => {
              setHistoryOpen(false);
              setRestored(true);
              clearTimeout(restoredTimer.current);
              restoredTimer.current = setTimeout(() => setRestored(false), RESTORED_NOTICE_MS);
            }}
          />
        </Suspense>
      )}
      <DeleteContentDialog
        item={deleting ? content : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(shared ? '/collections' : '/content', { replace: true })}
      />
    </article>
  );
}

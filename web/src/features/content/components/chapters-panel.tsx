import type { ContentItem } from '@cw/contract';
import {
  chapterList,
  chaptersText,
  formatChapterTime,
  parseChapterTime,
  type ChapterStart,
} from '@cw/contract/chapters';
import { Timer } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { CopyButton } from '../../../components/copy-button';
import { FormMessage } from '../../../components/form-message';
import { inputClasses } from '../../../components/text-field';
import { can } from '../../../lib/roles';
import { useWordsPerMinute } from '../../../lib/words-per-minute';
import { useUpdateContent } from '../api/save-content';

/**
 * The item's YouTube chapters (docs/product.md, "Chapters"; decision 233): timed at the
 * person's pace, checked against YouTube's rules, copied in one click; whoever may write the
 * item types the real starts after a recording, and the chapters after each follow it.
 */
export function ChaptersPanel({ item }: { item: ContentItem }) {
  const wordsPerMinute = useWordsPerMinute();
  const list = useMemo(
    () => chapterList(item.content, wordsPerMinute, item.chapter_starts),
    [item.content, item.chapter_starts, wordsPerMinute],
  );
  const [correcting, setCorrecting] = useState(false);

  if (list.chapters.length === 0) {
    return (
      <p className="text-sm text-slate-500 italic">Add headings to the script to get chapters.</p>
    );
  }
  return (
    <div className="space-y-3">
      {correcting ? (
        <CorrectStarts item={item} onDone={() => setCorrecting(false)} />
      ) : (
        <ol className="space-y-1 text-sm" aria-label="Chapters">
          {list.chapters.map((chapter, index) => (
            <li key={index} className="flex min-w-0 gap-2">
              <span className="shrink-0 font-mono text-slate-600 tabular-nums">
                {formatChapterTime(chapter.start)}
              </span>
              <span className="min-w-0 [overflow-wrap:anywhere] text-slate-800">
                {chapter.title}
              </span>
              {chapter.measured && (
                <span className="ml-auto shrink-0 text-xs text-emerald-700">measured</span>
              )}
            </li>
          ))}
        </ol>
      )}
      {list.problems.length === 0 ? (
        <p className="text-xs text-emerald-700">
          Ready for YouTube: paste them into the description.
        </p>
      ) : (
        <div className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-600/20">
          <p className="font-semibold">YouTube will not show these chapters yet:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-4">
            {list.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {!correcting && (
        <div className="flex flex-wrap items-start gap-2">
          <CopyButton text={() => chaptersText(list.chapters)}>Copy chapters</CopyButton>
          {can.write(item.role) && (
            <Button size="sm" variant="ghost" icon={Timer} onClick={() => setCorrecting(true)}>
              Correct timings
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** One field per chapter for its real start; an empty field keeps the estimate. */
function CorrectStarts({ item, onDone }: { item: ContentItem; onDone: () => void }) {
  const wordsPerMinute = useWordsPerMinute();
  const estimates = useMemo(
    () => chapterList(item.content, wordsPerMinute).chapters,
    [item.content, wordsPerMinute],
  );
  const measured = useMemo(
    () => chapterList(item.content, wordsPerMinute, item.chapter_starts).chapters,
    [item.content, item.chapter_starts, wordsPerMinute],
  );
  const [values, setValues] = useState(() =>
    measured.map((chapter) => (chapter.measured ? formatChapterTime(chapter.start) : '')),
  );
  const [invalid, setInvalid] = useState<number | null>(null);
  const update = useUpdateContent(item.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    const starts: ChapterStart[] = [];
    for (const [index, value] of values.entries()) {
      if (value.trim() === '') continue;
      const start = parseChapterTime(value);
      if (start === null) {
        setInvalid(index);
        return;
      }
      starts.push({ title: estimates[index]!.title, start });
    }
    setInvalid(null);
    update.mutate({ chapter_starts: starts }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} className="space-y-2" aria-label="Real chapter starts">
      <p className="text-xs text-slate-600">
        Type where each chapter really starts in the recording (minutes:seconds). Chapters left
        empty follow the one above them.
      </p>
      {estimates.map((chapter, index) => {
        const id = `chapter-start-${index}`;
        return (
          <div key={index} className="flex items-center gap-2">
            <input
              id={id}
              inputMode="numeric"
              value={values[index] ?? ''}
              placeholder={formatChapterTime(chapter.start)}
              aria-invalid={invalid === index || undefined}
              onChange={(event) =>
                setValues((old) => old.map((v, i) => (i === index ? event.target.value : v)))
              }
              className={`${inputClasses} w-20 shrink-0 px-2 py-1.5 font-mono`}
            />
            <label htmlFor={id} className="min-w-0 text-sm [overflow-wrap:anywhere] text-slate-800">
              {chapter.title}
            </label>
          </div>
        );
      })}
      <FormMessage tone="error">
        {invalid !== null
          ? `Enter the start of “${estimates[invalid]?.title}” as minutes:seconds, like 1:23.`
          : update.isError
            ? 'Failed to save the timings. Please try again.'
            : null}
      </FormMessage>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" type="submit" loading={update.isPending}>
          Save timings
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

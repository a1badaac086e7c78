import type { ContentItem } from '@cw/contract';
import { captionCues, toSrt, toVtt } from '@cw/contract/captions';
import { showNotes } from '@cw/contract/show-notes';
import { Download } from 'lucide-react';
import { Button } from '../../../components/button';
import { CopyButton } from '../../../components/copy-button';
import { saveBlob } from '../../../lib/api/files';
import { useWordsPerMinute } from '../../../lib/words-per-minute';

/** A file name from a title: `Ep 3 — Desk!` → `ep-3-desk`. */
export function fileNameOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'captions';
}

/**
 * Captions and show notes (docs/product.md, "Captions", "Show notes"; decision 234): a caption
 * draft of the script at the person's pace, as SubRip or WebVTT, and the description, chapters
 * and links as one block to copy.
 */
export function CaptionsNotesPanel({ item }: { item: ContentItem }) {
  const wordsPerMinute = useWordsPerMinute();
  const cues = () => captionCues(item.content, wordsPerMinute);
  const name = fileNameOf(item.title);
  const summary = item.summary;
  return (
    <div className="space-y-3">
      <p className="text-xs text-slate-600">
        A caption draft timed at your pace, without headings and [cues]. Correct it against the
        recording in your video editor.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          icon={Download}
          onClick={() => saveBlob(new Blob([toSrt(cues())]), `${name}.srt`)}
        >
          Download SRT
        </Button>
        <Button
          size="sm"
          variant="secondary"
          icon={Download}
          onClick={() => saveBlob(new Blob([toVtt(cues())]), `${name}.vtt`)}
        >
          Download VTT
        </Button>
      </div>
      <CopyButton
        text={() =>
          showNotes(
            { content: item.content, summary, chapterStarts: item.chapter_starts },
            wordsPerMinute,
          )
        }
      >
        Copy show notes
      </CopyButton>
    </div>
  );
}

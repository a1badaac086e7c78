import { pathOf } from '@cw/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Smartphone } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { PageSpinner } from '../../../components/spinner';
import { contentQueryOptions } from '../../../lib/api/contents';
import { useLostAccessWatch } from '../../../lib/collection-access';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useWordsPerMinute } from '../../../lib/words-per-minute';
import {
  FONT_DEFAULT,
  ScriptBlocks,
  SectionNav,
  TeleprompterControls,
} from '../components/teleprompter-parts';
import { parseScript } from '@cw/contract/script';
import { chapterList, chaptersText, type ChapterStart } from '@cw/contract/chapters';
import { CopyButton } from '../../../components/copy-button';
import { ShortcutsButton, ShortcutsPanel } from '../components/teleprompter-help';
import { clampWordsPerMinute } from '../teleprompter-timing';
import { usePrompterKeys, usePrompterMotion } from '../use-prompter-motion';
import { useWakeLock } from '../use-wake-lock';
import { useCurrentUser } from '../../../lib/current-user';
import { RemoteDialog } from '../remote/remote-dialog';
import type { RemoteCommand } from '../remote/remote-channel';
import { usePrompterRemote } from '../remote/use-prompter-remote';

/** /content/:id/teleprompter: the script, scrolling at the speaker's pace (docs/product.md). */
export function TeleprompterPage() {
  const id = Number(useParams().id);
  const content = useQuery(contentQueryOptions(id));
  useLostAccessWatch({
    shared: content.data !== undefined && content.data.role !== 'owner',
    error: content.error,
    path: pathOf('contents.get', { id }),
    recheck: () => void content.refetch(),
  });
  useDocumentTitle(content.data?.title ?? 'Teleprompter', 'Teleprompter');
  if (content.isPending) return <PageSpinner />;
  if (content.isError) {
    return (
      <p className="py-16 text-center text-sm text-slate-600">
        Could not load this script. <Link to="/content">Back to your content</Link>
      </p>
    );
  }
  return (
    <Teleprompter
      id={content.data.id}
      title={content.data.title}
      text={content.data.content}
      chapterStarts={content.data.chapter_starts}
    />
  );
}

function Teleprompter({
  id,
  title,
  text,
  chapterStarts,
}: {
  id: number;
  title: string;
  text: string;
  chapterStarts: readonly ChapterStart[];
}) {
  const script = useMemo(() => parseScript(text), [text]);
  const accountPace = useWordsPerMinute();
  // The chapters at the person's own pace, as the item page copies them (decision 233).
  const chapters = useMemo(
    () => chapterList(text, accountPace, chapterStarts).chapters,
    [text, accountPace, chapterStarts],
  );
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [wordsPerMinute, setWordsPerMinute] = useState(accountPace);
  const [fontSize, setFontSize] = useState(FONT_DEFAULT);
  const [playing, setPlaying] = useState(false);
  const [mirrored, setMirrored] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);

  const frameRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const { textRef, barRef, remaining, paint, nudge, jumpTo } = usePrompterMotion({
    words: script.words,
    wordsPerMinute,
    fontSize,
    playing,
    onEnd: () => setPlaying(false),
    layout: script,
  });

  useWakeLock(playing);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frameRef.current?.requestFullscreen?.().catch(() => undefined);
  }, []);

  // The phone remote (decision 242): open once Remote is pressed, then for the page's life.
  const user = useCurrentUser();
  const [remoteOpen, setRemoteOpen] = useState(false);
  const [remoteWanted, setRemoteWanted] = useState(false);
  const onRemote = useCallback(
    (command: RemoteCommand) => {
      if (command.type === 'play') setPlaying(true);
      else if (command.type === 'pause') setPlaying(false);
      else if (command.type === 'restart') paint(0);
      else if (command.type === 'pace') {
        setWordsPerMinute((value) => clampWordsPerMinute(value + command.delta));
      } else jumpTo(command.section);
    },
    [paint, jumpTo],
  );
  const remote = usePrompterRemote(
    user.id,
    remoteWanted,
    {
      title,
      sections: script.sections.map((section) => section.title),
      playing,
      wordsPerMinute,
    },
    onRemote,
  );

  usePrompterKeys({
    togglePlay: () => setPlaying((value) => !value),
    nudge,
    pace: (delta) => setWordsPerMinute((value) => clampWordsPerMinute(value + delta)),
    jumpTo,
    toggleShortcuts: (open) => setShortcutsOpen((current) => open ?? !current),
  });

  useEffect(() => {
    stageRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div
      ref={frameRef}
      className={clsx(
        'flex flex-col overflow-hidden bg-slate-950 text-white',
        fullscreen
          ? 'h-screen'
          : 'h-[calc(100dvh-7rem)] min-h-96 rounded-xl lg:h-[calc(100dvh-8rem)]',
      )}
    >
      <TeleprompterControls
        id={id}
        title={title}
        playing={playing}
        onTogglePlay={() => setPlaying((value) => !value)}
        wordsPerMinute={wordsPerMinute}
        onPace={setWordsPerMinute}
        fontSize={fontSize}
        onFontSize={setFontSize}
        mirrored={mirrored}
        onMirror={() => setMirrored((value) => !value)}
        fullscreen={fullscreen}
        onFullscreen={toggleFullscreen}
        remaining={remaining}
        extra={
          <>
            {chapters.length > 0 && (
              <CopyButton variant="outline-light" text={() => chaptersText(chapters)}>
                Copy chapters
              </CopyButton>
            )}
            <ShortcutsButton open={shortcutsOpen} onToggle={() => setShortcutsOpen((o) => !o)} />
            <Button
              size="sm"
              variant="outline-light"
              icon={Smartphone}
              onClick={() => {
                setRemoteWanted(true);
                setRemoteOpen(true);
              }}
            >
              Remote
            </Button>
          </>
        }
      />
      <RemoteDialog
        open={remoteOpen}
        onClose={() => setRemoteOpen(false)}
        address={`${window.location.origin}/remote/${remote.key}`}
        connected={remote.connected}
        phones={remote.phones}
      />
      <ShortcutsPanel open={shortcutsOpen} />
      <SectionNav sections={script.sections} onJump={jumpTo} />
      <div className="h-1 w-full bg-white/10" aria-hidden="true">
        <div ref={barRef} className="h-full w-full origin-left scale-x-0 bg-indigo-400" />
      </div>
      <div
        ref={stageRef}
        tabIndex={0}
        role="region"
        aria-label="Script"
        data-testid="teleprompter-stage"
        data-state={playing ? 'playing' : 'paused'}
        className="relative min-h-0 flex-1 overflow-hidden outline-none"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-[30vh] z-10 border-t-2 border-indigo-400/60"
        />
        <div
          data-testid="teleprompter-mirror"
          data-mirrored={mirrored}
          className="h-full"
          style={{ transform: mirrored ? 'scaleX(-1)' : undefined }}
        >
          <div
            ref={textRef}
            data-testid="teleprompter-text"
            className="relative mx-auto max-w-4xl px-6 pt-[30vh] pb-[70vh] will-change-transform"
            style={{ fontSize, lineHeight: 1.5 }}
          >
            <ScriptBlocks blocks={script.blocks} />
          </div>
        </div>
      </div>
    </div>
  );
}

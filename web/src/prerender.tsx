/**
 * The build's server-side entry (scripts/prerender.mjs): the public marketing pages rendered
 * to HTML, waiting for their lazy chunks, so first paint needs no JavaScript (decision 239).
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppContent } from './app/app';
import { documentTitle } from './lib/use-document-title';

const DESCRIPTION =
  'Creator Workspace keeps your video ideas, notes, scripts and collections in one calm place.';

/** Each prerendered page: its address, file, title (as its page sets it) and description. */
export const pages = [
  { path: '/', file: 'index.html', title: documentTitle(), description: DESCRIPTION },
  {
    path: '/about',
    file: 'about.html',
    title: documentTitle('About Us'),
    description: 'Why Creator Workspace exists, and the values behind it.',
  },
  {
    path: '/contact',
    file: 'contact.html',
    title: documentTitle('Contact Us'),
    description: 'Questions, ideas or feedback: reach the Creator Workspace team.',
  },
  {
    path: '/privacy',
    file: 'privacy.html',
    title: documentTitle('Privacy Policy'),
    description: 'What Creator Workspace keeps about you, why, and how to take it with you.',
  },
] as const;

/**
 * The HTML of the app at `path`, after every lazy page it shows has loaded. Rendered twice: the
 * first pass loads the lazy chunks; in the second nothing suspends, so the page is in the HTML
 * itself — not behind a fallback revealed by inline scripts, which the CSP would refuse.
 */
export async function render(path: string): Promise<string> {
  await renderOnce(path);
  return renderOnce(path);
}

async function renderOnce(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={path}>
        <AppContent />
      </StaticRouter>
    </StrictMode>,
    // Never outline a large page behind its fallback (React does so past 12.8 kB by default).
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

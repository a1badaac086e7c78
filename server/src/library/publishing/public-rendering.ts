import { createHash } from 'node:crypto';
import { rehypeTaskLines } from '@cw/contract/markdown-tasks';
import { parseScript, scriptSpeakingSeconds } from '@cw/contract/script';
import { formatSpeakingTime } from '@cw/contract/words';
import {
  emphasisTooCostly,
  markdownRemarkPlugins,
  nestedTooDeep,
  rehypeSafeMarkdown,
  remarkWikilinks,
} from '@cw/contract/markdown';
import { excerpt, itemSummary } from './public-excerpt';
import { feed } from './public-feed';
import {
  collectionPage,
  itemPage,
  MARKDOWN_RENDER_CHARS,
  PUBLIC_CSP,
  renderItemText,
} from './public-html';
import { rehypePublicImages } from './public-images';

/**
 * A fingerprint of how the public answers are written (the style sheet, by the CSP's hash, the
 * templates and the markdown rules): part of every public ETag, so a release that writes the
 * same data otherwise gives new validators and new cache entries.
 */
export const RENDERING = createHash('sha256')
  .update(
    [
      PUBLIC_CSP,
      collectionPage,
      itemPage,
      feed,
      renderItemText,
      excerpt,
      itemSummary,
      parseScript,
      nestedTooDeep,
      emphasisTooCostly,
      rehypeSafeMarkdown,
      ...markdownRemarkPlugins,
      rehypeTaskLines,
      scriptSpeakingSeconds,
      formatSpeakingTime,
      remarkWikilinks,
      rehypePublicImages,
      MARKDOWN_RENDER_CHARS,
    ]
      .map(String)
      .join('\n'),
  )
  .digest('base64url');

/**
 * Images in the text (docs/api.md, "File"; decision 213): an uploaded file is
 * shown in the text as `![alt](/api/collections/files/ID/download/)`, the file's download
 * address (`pathOf('files.download', { id })`). The web app loads such an image through the
 * signed-in API; the public pages show it from the public file address when the file is attached
 * to the published item. No zod here: the web app loads this at run time.
 */
import { pathOf, routes } from './routes';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const [BEFORE, AFTER] = routes['files.download'].path.split(':id') as [string, string];
/** The download address; the trailing slash may be left out, as the server's routes accept. */
const DOWNLOAD = new RegExp(
  `^${escape(BEFORE)}([1-9][0-9]{0,9})${escape(AFTER.replace(/\/$/, ''))}/?$`,
);

/** The file id of an image address that is a file's download address, or null. */
export function attachedImageId(src: string): number | null {
  const match = DOWNLOAD.exec(src);
  if (!match) return null;
  const value = Number(match[1]);
  return value <= 2_147_483_647 ? value : null;
}

/** `![alt](/api/collections/files/ID/download/)`, the alt text's brackets and line breaks made safe. */
export function imageMarkdown(alt: string, id: number): string {
  const safeAlt = alt
    .replace(/[\r\n]+/g, ' ')
    .replace(/([\\[\]])/g, '\\$1')
    .trim();
  return `![${safeAlt}](${pathOf('files.download', { id })})`;
}

/** The alt text of an image made from a file name: the name without its extension. */
export function altFromFileName(name: string): string {
  const base = name.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}

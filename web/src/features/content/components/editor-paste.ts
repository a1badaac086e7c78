import type { FileObject } from '@cw/contract';
import { altFromFileName, imageMarkdown } from '@cw/contract/markdown-images';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { ApiRequestError } from '../../../lib/api-client';
import { imageKindOf } from '../../../lib/safe-image';
import { htmlToMarkdown } from '../../../components/html-to-markdown';

/** What the editor does with pasted or dropped images and HTML (decision 214). */
export interface PasteHandlers {
  /** Uploads an image as an attachment of the item; resolves with the file. */
  uploadImage?: (file: File) => Promise<FileObject>;
  /** A sentence about an image that could not be put into the text. */
  onImageError?: (message: string) => void;
}

const NOT_A_PICTURE =
  'Only pictures (PNG, JPEG, GIF, WebP, AVIF or SVG) go into the text; add other files under Attachments.';

let uploads = 0;

/** Why an upload failed, in the server's words when it gave some. */
function failure(file: File, error: unknown): string {
  const reason =
    error instanceof ApiRequestError && error.serverMessage
      ? error.serverMessage
      : error instanceof Error && error.message
        ? error.message
        : 'Upload failed.';
  return `${file.name} could not be uploaded: ${reason}`;
}

/** Replaces the first `text` in the document (if someone has not removed it meanwhile). */
function replaceText(view: EditorView, text: string, insert: string) {
  const at = view.state.doc.toString().indexOf(text);
  if (at === -1) return;
  view.dispatch({ changes: { from: at, to: at + text.length, insert }, userEvent: 'input' });
}

/**
 * Each image goes into the text at `at` as a placeholder (`![Uploading photo…](uploading:N)`,
 * which the preview shows as its words), uploads as an attachment of the item, and becomes
 * `![photo](/api/collections/files/ID/download/)`; a failed upload removes its placeholder and
 * says why (the files API's size, quota and type answers included).
 */
function insertImages(view: EditorView, files: File[], at: number, handlers: PasteHandlers) {
  const upload = handlers.uploadImage;
  if (!upload) return;
  const placeholders = files.map((file) => {
    uploads += 1;
    // Unique among co-editors too: each finds its own placeholder again.
    const token = `${Math.random().toString(36).slice(2, 10)}${uploads}`;
    return `![Uploading ${altFromFileName(file.name).replace(/[[\]\\]/g, '')}…](uploading:${token})`;
  });
  const insert = placeholders.join('\n');
  view.dispatch({
    changes: { from: at, insert },
    selection: { anchor: at + insert.length },
    scrollIntoView: true,
    userEvent: 'input.paste',
  });
  files.forEach((file, index) => {
    const placeholder = placeholders[index]!;
    upload(file).then(
      (uploaded) => {
        if (!view.dom.isConnected) return;
        replaceText(view, placeholder, imageMarkdown(altFromFileName(file.name), uploaded.id));
      },
      (error: unknown) => {
        if (view.dom.isConnected) replaceText(view, placeholder, '');
        handlers.onImageError?.(failure(file, error));
      },
    );
  });
}

const picturesOf = (files: FileList | undefined | null): File[] =>
  Array.from(files ?? []).filter((file) => imageKindOf(file.type) !== null);

/** The visible text of pasted HTML: none when it is only a picture (a copied image). */
function textOfHtml(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

/**
 * Paste and drop in the writing editor (decision 214): pictures upload and go into the text;
 * HTML (Google Docs, Word, web pages) is pasted as markdown; Ctrl/⌘+Shift+V pastes the plain
 * text. `handlers` is read at each event, so the editor is made once.
 */
export function pasteAndDrop(handlers: () => PasteHandlers): Extension {
  /** The next paste is Ctrl/⌘+Shift+V's: plain text, as the browser gives it. */
  let plainNext = false;
  return EditorView.domEventHandlers({
    keydown(event) {
      plainNext =
        (event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === 'v';
      return false;
    },
    paste(event, view) {
      const plain = plainNext;
      plainNext = false;
      const data = event.clipboardData;
      if (!data || view.state.readOnly) return false;
      const html = data.getData('text/html');
      const pictures = picturesOf(data.files);
      const { from, to } = view.state.selection.main;
      if (pictures.length > 0 && (!html || !textOfHtml(html))) {
        event.preventDefault();
        if (!handlers().uploadImage) return true;
        if (to > from) view.dispatch({ changes: { from, to }, userEvent: 'delete' });
        insertImages(view, pictures, from, handlers());
        return true;
      }
      if (plain || !html) return false;
      const markdown = htmlToMarkdown(html);
      if (markdown === null) return false;
      event.preventDefault();
      view.dispatch({
        ...view.state.replaceSelection(markdown),
        scrollIntoView: true,
        userEvent: 'input.paste',
      });
      return true;
    },
    drop(event, view) {
      const files = event.dataTransfer?.files;
      if (!files || files.length === 0 || view.state.readOnly) return false;
      // Files are never read into the text as characters (CodeMirror's own drop would).
      event.preventDefault();
      const pictures = picturesOf(files);
      if (pictures.length < files.length) handlers().onImageError?.(NOT_A_PICTURE);
      if (pictures.length === 0 || !handlers().uploadImage) return true;
      const at =
        view.posAtCoords({ x: event.clientX, y: event.clientY }) ?? view.state.selection.main.head;
      insertImages(view, pictures, at, handlers());
      return true;
    },
  });
}

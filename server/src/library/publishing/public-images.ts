import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { VFile } from 'vfile';
import { attachedImageId } from '@cw/contract/markdown-images';
export { isPublicImageType } from '../shared/image-types';

/** How an attached file is shown as an image on a public page. */
export interface PublicImage {
  /** `/p/{public_id}/files/{file_id}`. */
  src: string;
  width: number | null;
  height: number | null;
}

/** The files of the published item that may show as images, by id. */
export type PublicImages = ReadonlyMap<number, PublicImage>;

const altText = (node: Element): Element => {
  const alt = String(node.properties.alt ?? '');
  return {
    type: 'element',
    tagName: 'span',
    properties: {},
    children: alt ? [{ type: 'text', value: alt }] : [],
  };
};

function walk(parent: { children: (RootContent | ElementContent)[] }, images: PublicImages) {
  const children = parent.children;
  for (let index = 0; index < children.length; index += 1) {
    const node = children[index]!;
    if (node.type !== 'element') continue;
    if (node.tagName === 'img') {
      const id = attachedImageId(String(node.properties.src ?? ''));
      if (id === null) continue;
      const image = images.get(id);
      if (!image) {
        // Not a file of this item: never its address, only its alt text.
        children[index] = altText(node);
        continue;
      }
      node.properties.src = image.src;
      if (image.width !== null && image.height !== null) {
        node.properties.width = image.width;
        node.properties.height = image.height;
      }
      continue;
    }
    walk(node, images);
  }
}

/**
 * rehype plugin of the public pages (decision 213), after the shared rules: an image whose
 * address is a file's download address (`![alt](/api/collections/files/ID/download/)`) shows
 * from the public file address, with its width and height, when that file is an image attached
 * to the published item (`file.data.publicImages`); any other such image shows its alt text, so
 * a public page never points at a signed-in address or at another item's file.
 */
export function rehypePublicImages() {
  return (tree: Root, file: VFile) => {
    // Given by renderMarkdown with each text: the processor itself is made once.
    const { publicImages } = file.data as { publicImages?: PublicImages };
    walk(tree, publicImages ?? new Map());
  };
}

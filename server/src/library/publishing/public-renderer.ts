import { pathOf, type PublicCollection } from '@cw/contract';
import { itemSummary } from './public-excerpt';
import { feed, type FeedItem } from './public-feed';
import { collectionPage, itemDate, itemPage, renderItemText } from './public-html';
import { isPublicImageType, type PublicImage, type PublicImages } from './public-images';
import type {
  PublicCollectionRow,
  PublicFileRow,
  PublicItemRow,
  PublicRepository,
} from './public.repository';

/**
 * How many of a full-text feed's newest items carry their whole text (decision 231): each is
 * rendered as an item page is, so a feed of 200 long items would hold the process for a minute
 * on its first request. The older ones carry their summary or excerpt only.
 */
export const FEED_FULL_TEXT_ITEMS = 20;

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

const isAudio = (file: PublicFileRow) =>
  (file.contentType.split(';')[0] ?? '').trim().toLowerCase().startsWith('audio/');

/** The public files of `item` (filesOf answers only public ones) that are images, by id. */
const imagesOf = (files: PublicFileRow[], src: (id: number) => string): PublicImages =>
  new Map(
    files
      .filter((file) => isPublicImageType(file.contentType))
      .map((file) => [file.id, { src: src(file.id), width: file.width, height: file.height }]),
  );

/** An item's cover, when it is one of its public images. */
const coverOf = (item: PublicItemRow, images: PublicImages): PublicImage | undefined =>
  item.coverFileId === null ? undefined : images.get(item.coverFileId);

/**
 * The public answers' bodies (docs/api.md, "Publishing"): each reads what it shows, through the
 * public repository (published versions, public files only), and writes it.
 */
export class PublicRenderer {
  constructor(
    private readonly repo: PublicRepository,
    private readonly publicUrl: string,
  ) {}

  private urls(publicId: string) {
    const page = pathOf('public.page', { public_id: publicId });
    return {
      page,
      feed: pathOf('public.feed', { public_id: publicId }),
      follow: pathOf('followers.follow', { public_id: publicId }),
      item: (id: number) => pathOf('public.item', { public_id: publicId, content_id: id }),
      file: (id: number) => pathOf('public.file', { public_id: publicId, file_id: id }),
      absolute: (path: string) => `${this.publicUrl}${path}`,
    };
  }

  /** GET /api/public/{public_id}/ */
  async json(publicId: string, row: PublicCollectionRow): Promise<PublicCollection> {
    const [tags, items] = await Promise.all([
      this.repo.tagNames(row.id),
      this.repo.wholeItems(row.id),
    ]);
    const files = await this.repo.filesOf(items.map((item) => item.id));
    const urls = this.urls(publicId);
    return {
      name: row.name,
      description: row.description,
      tags,
      owner_name: fullName(row.ownerFirstName, row.ownerLastName),
      items: items.map((item) => {
        const own = files.filter((file) => file.contentId === item.id);
        return {
          id: item.id,
          title: item.title,
          content: item.content,
          summary: item.summary,
          cover: coverOf(item, imagesOf(own, urls.file)) ? item.coverFileId : null,
          publish_on: item.publishOn,
          created_on: item.createdOn.toISOString(),
          updated_on: item.updatedOn ? item.updatedOn.toISOString() : null,
          files: own.map((file) => ({
            id: file.id,
            name: file.name,
            size: file.size,
            content_type: file.contentType,
            width: file.width,
            height: file.height,
            url: urls.file(file.id),
          })),
        };
      }),
    };
  }

  /** GET /p/{public_id}: the collection's page. */
  async page(publicId: string, row: PublicCollectionRow): Promise<string> {
    const [tags, items] = await Promise.all([
      this.repo.tagNames(row.id),
      this.repo.itemStarts(row.id),
    ]);
    const urls = this.urls(publicId);
    // The newest item with a public cover gives the page its link preview.
    const withCover = items.filter((item) => item.coverFileId !== null);
    const files = await this.repo.filesOf(withCover.map((item) => item.id));
    const images = imagesOf(files, (id) => urls.absolute(urls.file(id)));
    const image = withCover.map((item) => coverOf(item, images)).find(Boolean);
    return collectionPage(
      {
        name: row.name,
        description: row.description,
        ownerName: fullName(row.ownerFirstName, row.ownerLastName),
        tags,
        image,
        items: items.map((item) => ({
          href: urls.item(item.id),
          title: item.title,
          date: itemDate(item),
          excerpt: itemSummary(item),
        })),
      },
      { page: urls.absolute(urls.page), feed: urls.absolute(urls.feed), follow: urls.follow },
    );
  }

  /** GET /p/{public_id}/{content_id}: one public item, whole; undefined when it is not one. */
  async item(
    publicId: string,
    row: PublicCollectionRow,
    contentId: number,
  ): Promise<string | undefined> {
    const item = await this.repo.item(row.id, contentId);
    if (!item) return undefined;
    const files = await this.repo.filesOf([item.id]);
    const urls = this.urls(publicId);
    const targets = new Map(
      (await this.repo.linkTargets(row.id, item.id)).map((target) => [
        target.text,
        { href: urls.item(target.id), title: target.title },
      ]),
    );
    const images = imagesOf(files, urls.file);
    const cover = coverOf(item, images);
    return itemPage(
      {
        collectionName: row.name,
        collectionHref: urls.page,
        ownerName: fullName(row.ownerFirstName, row.ownerLastName),
        title: item.title,
        date: itemDate(item),
        content: item.content,
        summary: item.summary,
        cover: cover && { page: cover, absolute: { ...cover, src: urls.absolute(cover.src) } },
        files: files.map((file) => ({
          href: urls.file(file.id),
          name: file.name,
          size: file.size,
        })),
        links: (text) => targets.get(text) ?? null,
        images,
      },
      { page: urls.absolute(urls.item(item.id)), feed: urls.absolute(urls.feed) },
    );
  }

  /** GET /p/{public_id}/feed.xml */
  async feed(publicId: string, row: PublicCollectionRow): Promise<string> {
    const items = row.feedFullText
      ? await this.repo.wholeItems(row.id)
      : await this.repo.itemStarts(row.id);
    const files = await this.repo.filesOf(items.map((item) => item.id));
    const urls = this.urls(publicId);
    const absoluteFile = (id: number) => urls.absolute(urls.file(id));
    return feed({
      name: row.name,
      description: row.description,
      ownerName: fullName(row.ownerFirstName, row.ownerLastName),
      pageUrl: urls.absolute(urls.page),
      feedUrl: urls.absolute(urls.feed),
      items: items.map((item, index): FeedItem => {
        const own = files.filter((file) => file.contentId === item.id);
        const audio = own.find(isAudio);
        return {
          url: urls.absolute(urls.item(item.id)),
          title: item.title,
          date: itemDate(item),
          excerpt: itemSummary(item),
          html:
            row.feedFullText && index < FEED_FULL_TEXT_ITEMS
              ? renderItemText(item.content, { images: imagesOf(own, absoluteFile) })
              : undefined,
          enclosure: audio && {
            url: absoluteFile(audio.id),
            size: audio.size,
            type: audio.contentType,
          },
        };
      }),
    });
  }
}

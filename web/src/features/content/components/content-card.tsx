/** The content card is shared with the collection page's Content tab. */
export { ContentCard, PREVIEW_LENGTH, previewText } from '../../../components/content-card';

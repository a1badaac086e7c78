import {
  Bold,
  Code,
  Heading2,
  Italic,
  Link,
  List,
  ListOrdered,
  Quote,
  Underline,
  type LucideIcon,
} from 'lucide-react';
import type { MarkdownFormat } from './markdown-format';

/**
 * The formatting toolbar's buttons, in order, with their Ctrl/⌘ shortcuts: one list for the
 * notes' textarea editor and the scripts' CodeMirror editor.
 */
export const MARKDOWN_TOOLS: {
  format: MarkdownFormat;
  label: string;
  Icon: LucideIcon;
  shortcut?: string;
}[] = [
  { format: 'bold', label: 'Bold', Icon: Bold, shortcut: 'B' },
  { format: 'italic', label: 'Italic', Icon: Italic, shortcut: 'I' },
  { format: 'underline', label: 'Underline', Icon: Underline, shortcut: 'U' },
  { format: 'code', label: 'Code', Icon: Code },
  { format: 'heading', label: 'Heading', Icon: Heading2 },
  { format: 'bullet-list', label: 'Bullet list', Icon: List },
  { format: 'numbered-list', label: 'Numbered list', Icon: ListOrdered },
  { format: 'quote', label: 'Quote', Icon: Quote },
  { format: 'link', label: 'Link', Icon: Link, shortcut: 'K' },
];

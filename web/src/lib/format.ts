/**
 * Date formatters, made at their first use: making an Intl.DateTimeFormat loads its locale data
 * (tens of milliseconds on a slow phone), and this module is loaded by every signed-in page,
 * most of which format no date before their first paint (decision 253).
 */
function lazyFormatter(options: Intl.DateTimeFormatOptions) {
  let formatter: Intl.DateTimeFormat | undefined;
  return (date: Date) => (formatter ??= new Intl.DateTimeFormat('en-US', options)).format(date);
}

const dateFormatter = lazyFormatter({ year: 'numeric', month: 'short', day: 'numeric' });

const dateTimeFormatter = lazyFormatter({
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 22, 2026"; empty string for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormatter(date) : '';
}

/** "Nov 22, 2026, 3:04 PM"; empty string for a missing or invalid date. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormatter(date) : '';
}

/** "Ada Lovelace" from a user; trims and skips empty parts. */
export function fullName(user: { first_name?: string; last_name?: string } | null | undefined) {
  if (!user) return '';
  return [user.first_name, user.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** "AL" from a user, for avatar placeholders. */
export function initials(user: { first_name?: string; last_name?: string } | null | undefined) {
  if (!user) return '';
  return [user.first_name, user.last_name]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
}

/** "AL" from a display name ("Ada Lovelace"), for avatar placeholders; "?" when empty. */
export function initialsOfName(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return `${first}${last}`.toUpperCase();
}

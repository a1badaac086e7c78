/**
 * Dates written as Intl.DateTimeFormat('en-US') writes them ("Nov 22, 2026", "Nov 22, 2026,
 * 3:04 PM", as Chromium and Node print them), put together here: making the first
 * Intl.DateTimeFormat of a page loads ICU's locale data (25 ms on a slow phone, the longest
 * part of the dashboard's first render). Decision 262; decision 253 had made them at first use.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const dateFormatter = (date: Date) =>
  `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;

function dateTimeFormatter(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${dateFormatter(date)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

let numberFormatter: Intl.NumberFormat | undefined;

/**
 * A count as `toLocaleString('en-US')` writes it ("1,234"), without Intl for whole numbers:
 * `Number#toLocaleString` with a locale makes a new ICU formatter on every call (a few
 * milliseconds each on a slow phone: the writing bar's two counts and the dashboard's figures
 * were most of their first render). Anything else goes through one formatter made at first use.
 */
export function formatCount(value: number): string {
  if (Number.isSafeInteger(value)) {
    const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
    return value < 0 ? `-${digits}` : digits;
  }
  return (numberFormatter ??= new Intl.NumberFormat('en-US')).format(value);
}

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

import type { StorageUsage } from '@cw/contract';
import { clsx } from 'clsx';
import { HardDrive } from 'lucide-react';
import { FormMessage } from '../../../components/form-message';
import { Spinner } from '../../../components/spinner';
import { useStorageUsage } from '../api/storage-usage';

const MB = 1024 * 1024;

/** Megabytes (of 1,048,576 bytes) for people: "1,024", "12.5", "<0.1" for a few bytes. */
export function formatMegabytes(bytes: number): string {
  if (bytes > 0 && bytes < MB / 10) return '<0.1';
  return (bytes / MB).toLocaleString('en-US', { maximumFractionDigits: 1 });
}

/** How full the storage is, 0–100, for the bar. */
export function percentUsed({ used, quota }: StorageUsage): number {
  if (quota <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((used / quota) * 100)));
}

function UsageBar({ usage }: { usage: StorageUsage }) {
  const percent = percentUsed(usage);
  const text = `${formatMegabytes(usage.used)} MB of ${formatMegabytes(usage.quota)} MB used`;
  return (
    <div className="mt-6 space-y-2">
      <p className="text-sm font-medium text-slate-900" data-testid="storage-usage-text">
        {text}
      </p>
      <div
        role="progressbar"
        aria-label="Storage used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${text} (${percent}%)`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-200"
      >
        <div
          className={clsx(
            'h-full rounded-full transition-[width]',
            percent >= 90 ? 'bg-red-600' : 'bg-indigo-600',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
      {percent >= 90 && (
        <p className="text-sm text-red-700">
          Your storage is almost full. Delete files you no longer need to upload new ones.
        </p>
      )}
    </div>
  );
}

/** Account settings: how much of their storage the user's files take. */
export function StorageCard() {
  const usage = useStorageUsage();
  return (
    <section
      aria-labelledby="storage-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex items-center gap-3">
        <div className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
          <HardDrive className="size-5" aria-hidden="true" />
        </div>
        <div>
          <h2 id="storage-title" className="text-lg font-semibold text-slate-900">
            Storage
          </h2>
          <p className="text-sm text-slate-600">Files you attach to your content count here.</p>
        </div>
      </div>
      {usage.isPending && <Spinner className="mt-6" size="sm" label="Loading your storage..." />}
      {usage.isError && (
        <FormMessage tone="error" className="mt-6">
          Couldn&apos;t load your storage. Please try again later.
        </FormMessage>
      )}
      {usage.data && <UsageBar usage={usage.data} />}
    </section>
  );
}

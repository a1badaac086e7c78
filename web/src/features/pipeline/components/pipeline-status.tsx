import { Spinner } from '../../../components/spinner';

/** The board's or the calendar's place while its items load, or after they failed to. */
export function PipelineStatus({ what, failed }: { what: 'board' | 'calendar'; failed: boolean }) {
  return failed ? (
    <p className="py-16 text-center text-sm text-slate-600">Could not load your {what}.</p>
  ) : (
    <div className="flex justify-center py-16">
      <Spinner label={`Loading the ${what}...`} />
    </div>
  );
}

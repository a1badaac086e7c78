/** The generic "something broke" screen (spec §8: Unexpected Application Error!). */
export function ErrorScreen({ error }: { error: Error }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-16">
      <div className="w-full max-w-lg rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <div
          className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-2xl font-bold text-red-600"
          aria-hidden="true"
        >
          !
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">
          Unexpected Application Error!
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          Something went wrong while showing this page. Reloading usually helps; if it keeps
          happening, please contact us.
        </p>
        {error.message && (
          <pre className="mt-5 overflow-x-auto rounded-lg bg-slate-50 p-3 text-left text-xs whitespace-pre-wrap text-slate-700 ring-1 ring-slate-200">
            {error.message}
          </pre>
        )}
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="inline-flex h-10 items-center justify-center rounded-lg bg-indigo-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500"
          >
            Reload page
          </button>
          <a
            href="/"
            className="inline-flex h-10 items-center justify-center rounded-lg bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
          >
            Go Home
          </a>
        </div>
      </div>
    </main>
  );
}

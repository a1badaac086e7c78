/**
 * The generic "something broke" screen (docs/product.md, "Error catalogue": Unexpected Application
 * Error!). Kept tiny: it ships with the landing page.
 */
export function ErrorScreen({ error }: { error: Error }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-lg rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
        <p className="mt-2 text-sm text-slate-600">
          Something went wrong while showing this page. Reloading usually helps.
        </p>
        <pre className="mt-5 rounded-lg bg-slate-50 p-3 text-left text-xs whitespace-pre-wrap text-slate-700">
          {error.message}
        </pre>
        <a
          href="/"
          className="mt-6 inline-flex h-10 items-center rounded-lg bg-indigo-600 px-4 text-sm font-semibold text-white hover:bg-indigo-500"
        >
          Go Home
        </a>
      </div>
    </main>
  );
}

import { FolderPlus, LayoutTemplate, Upload } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { TemplatePicker } from '../../../components/new-from-template';
import { useAddSampleCollection } from '../api/sample-collection';

/**
 * A first run (docs/product.md, "First run"): an empty library is offered a sample collection
 * in one click, the templates, and the import from Notion or Obsidian.
 */
export function FirstRun({ user }: { user: number }) {
  const navigate = useNavigate();
  const sample = useAddSampleCollection(user, (id) => void navigate(`/collections/${id}`));
  const [picking, setPicking] = useState(false);

  return (
    <section aria-labelledby="first-run-heading" className="mb-8">
      <h2 id="first-run-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Start somewhere
      </h2>
      <ul className="grid grid-cols-1 gap-4 xl:grid-cols-3">
        <Offer
          Icon={FolderPlus}
          title="Try it on a sample"
          text="A collection with a script, a note and items across the board, to try chapters, captions and the teleprompter on."
        >
          <Button size="sm" loading={sample.isPending} onClick={() => sample.mutate()}>
            Add a sample collection
          </Button>
          <FormMessage tone="error">
            {sample.isError ? 'Failed to add the sample collection. Please try again.' : null}
          </FormMessage>
        </Offer>
        <Offer
          Icon={LayoutTemplate}
          title="Start from a template"
          text="A YouTube video, a podcast episode, a short or a newsletter, with its outline and checklist."
        >
          <Button size="sm" variant="secondary" onClick={() => setPicking(true)}>
            Browse templates
          </Button>
        </Offer>
        <Offer
          Icon={Upload}
          title="Bring your notes"
          text="Import a Notion export or an Obsidian vault, zipped: folders become collections."
        >
          <ButtonLink to="/account-settings#import" size="sm" variant="secondary">
            Import from Notion/Obsidian
          </ButtonLink>
        </Offer>
      </ul>
      {picking && <TemplatePicker onClose={() => setPicking(false)} />}
    </section>
  );
}

function Offer({
  Icon,
  title,
  text,
  children,
}: {
  Icon: typeof Upload;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <p className="text-sm text-slate-600">{text}</p>
      <div className="mt-auto flex flex-col items-start gap-2">{children}</div>
    </li>
  );
}

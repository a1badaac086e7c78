import type { ContentItem } from '@cw/contract';
import { Globe } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/button';
import { DetailPanel } from '../../../components/detail-panel';
import { FormMessage } from '../../../components/form-message';
import { can } from '../../../lib/roles';
import { PublicSwitch } from './public-switch';
import { ShareFields } from './share-fields';

/** The dialog brings the diff library with it, so it loads when first opened. */
const UpdatePublicPageDialog = lazy(() => import('./update-public-page-dialog'));

/**
 * The item's Public page panel (docs/product.md, "Publishing"): the owner's Show on public page
 * switch, and for the owner and editors of a public item, Update public page (decision 229).
 */
export function PublicPagePanel({ item }: { item: ContentItem }) {
  const [open, setOpen] = useState(false);
  const [updated, setUpdated] = useState(false);
  const owner = item.role === 'owner';
  const updatable = item.is_public && can.write(item.role);
  if (!owner && !updatable) return null;
  return (
    <DetailPanel title="Public page">
      <div className="space-y-3">
        {owner && <PublicSwitch item={item} />}
        {updatable && (
          <div className="space-y-2">
            <p className="text-xs text-slate-500">
              The public page shows the text as it was last published. Your edits stay private until
              you update it.
            </p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setUpdated(false);
                setOpen(true);
              }}
            >
              <Globe className="size-4" aria-hidden="true" />
              Update public page
            </Button>
            <FormMessage tone="success">{updated ? 'Public page updated.' : null}</FormMessage>
            <ShareFields key={item.id} item={item} />
          </div>
        )}
      </div>
      {open && (
        <Suspense fallback={null}>
          <UpdatePublicPageDialog
            item={item}
            open={open}
            onClose={() => setOpen(false)}
            onUpdated={() => {
              setOpen(false);
              setUpdated(true);
            }}
          />
        </Suspense>
      )}
    </DetailPanel>
  );
}

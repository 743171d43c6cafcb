import { useParams } from 'react-router';
import { type FundraiserGive, FundraiserPage } from '@/features/fundraisers';
import { GiveActions, type GiveTarget } from '@/features/giving';
import { renderGuestGive } from './explore.routes';

/** A positive whole id from the URL, or null. */
function idParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * Giving through a page (docs/product/fundraising-pages.md#giving-through-a-page): the giving
 * flows of the page's project or charity, signed in or as a guest, carrying the page.
 */
function renderGive({ page, project }: FundraiserGive) {
  const fundraiser = { id: page.id, title: page.title };
  const target: GiveTarget = project
    ? { kind: 'project', project, fundraiser }
    : { kind: 'charity', charity: page.charity, fundraiser };
  return <GiveActions target={target} renderGuestGive={renderGuestGive} />;
}

/** `/fundraisers/:id`: a fundraising page, with the giving features' flows. */
export function FundraiserRoute() {
  const { id } = useParams();
  const pageId = idParam(id);
  return <FundraiserPage key={pageId} pageId={pageId} renderGive={renderGive} />;
}

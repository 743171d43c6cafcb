import { adminLevel } from '@/entities/account';
import { useCharityContext } from '@/features/charity';
import { IntegrationsSection } from '@/features/integrations';
import { useOrganisationContext } from '@/features/organisation';

/*
 * The integrations feature's one screen in each account area, loaded on demand on its own: its
 * Super Admins and Admins keep the account's webhooks and API tokens.
 */

/** `/charity/integrations` (and a webhook's delivery log under it). */
export function CharityIntegrationsRoute() {
  const { charity, membership } = useCharityContext();
  return (
    <IntegrationsSection
      account={{ kind: 'charity', id: charity.id, name: charity.name }}
      canManage={adminLevel(membership.admin_type).isAdmin}
    />
  );
}

/** `/organisation/integrations` (and a webhook's delivery log under it). */
export function OrganisationIntegrationsRoute() {
  const { business, access } = useOrganisationContext();
  return (
    <IntegrationsSection
      account={{ kind: 'business', id: business.id, name: business.name }}
      canManage={access.isAdmin}
    />
  );
}

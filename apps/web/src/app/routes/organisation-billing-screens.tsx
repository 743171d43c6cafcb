import { useOrganisationContext } from '@/features/organisation';
import { InvoicesSection, SubscriptionSection } from '@/features/organisation-billing';

/** `/organisation/subscription`: the billing feature's subscription section, for the area's organisation. */
export function OrganisationSubscriptionRoute() {
  const { business, access } = useOrganisationContext();
  return (
    <SubscriptionSection
      businessId={business.id}
      canManage={access.isAdmin}
      canMoveMoney={business.approval_status === 'approved' && !business.lock_status}
    />
  );
}

/** `/organisation/invoices`: the organisation's invoices with their PDFs. */
export function OrganisationInvoicesRoute() {
  const { business, access } = useOrganisationContext();
  return <InvoicesSection businessId={business.id} canRead={access.isAdmin} />;
}

import type {
  CurrentSubscription,
  DiscountCode,
  Invoice,
  OrgSubscription,
  Page,
  Plan,
} from '@kindred/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { partQuery } from '@/lib/query-parts';

export const INVOICE_PAGE_SIZE = 20;

/** GET /business/{id}/subscription/plans: the plans an organisation may choose. */
export function getPlans(businessId: number): Promise<{ items: Plan[] }> {
  return api.get<{ items: Plan[] }>(`/business/${businessId}/subscription/plans`);
}

/** GET /business/{id}/subscription: the active subscription, or null. */
export function getCurrentSubscription(businessId: number): Promise<CurrentSubscription> {
  return api.get<CurrentSubscription>(`/business/${businessId}/subscription`);
}

/** GET /business/{id}/subscription_list: the subscriptions, newest first (the first 100). */
export function getSubscriptionList(businessId: number): Promise<Page<OrgSubscription>> {
  return api.get<Page<OrgSubscription>>(`/business/${businessId}/subscription_list`, {
    query: { limit: 100 },
  });
}

/** GET /business/{id}/invoices: one keyset page, newest first. */
export function getInvoices(
  businessId: number,
  page: { cursor?: string | undefined; direction?: 'after' | 'before' | undefined },
): Promise<Page<Invoice>> {
  return api.get<Page<Invoice>>(`/business/${businessId}/invoices`, {
    query: { limit: INVOICE_PAGE_SIZE, ...page },
  });
}

/** GET /admin/subscription_plans */
export function getAdminPlans(): Promise<{ items: Plan[] }> {
  return api.get<{ items: Plan[] }>('/admin/subscription_plans');
}

/** GET /admin/discount_codes (the newest 100). */
export function getDiscountCodes(): Promise<Page<DiscountCode>> {
  return api.get<Page<DiscountCode>>('/admin/discount_codes', { query: { limit: 100 } });
}

/**
 * Plans, discount codes, organisation subscriptions and invoices. Their keys live here only: an
 * organisation's under `['billing', 'business', id]`, the platform's under `['billing', 'admin']`.
 */
/** An organisation's billing key: its plans, subscription and invoices are keyed under it. */
const organisationKey = (id: number) => ['billing', 'business', id] as const;

export const billingQueries = {
  all: ['billing'] as const,
  organisation: organisationKey,
  admin: ['billing', 'admin'] as const,
  plans: partQuery(organisationKey, 'plans', getPlans),
  current: partQuery(organisationKey, 'current', getCurrentSubscription),
  history: partQuery(organisationKey, 'history', getSubscriptionList),
  invoices: (
    id: number,
    page: { cursor?: string | undefined; direction?: 'after' | 'before' | undefined } = {},
  ) =>
    queryOptions({
      queryKey: [...billingQueries.organisation(id), 'invoices', page] as const,
      queryFn: () => getInvoices(id, page),
      placeholderData: keepPreviousData,
    }),
  adminPlans: () =>
    queryOptions({ queryKey: [...billingQueries.admin, 'plans'] as const, queryFn: getAdminPlans }),
  adminCodes: () =>
    queryOptions({ queryKey: [...billingQueries.admin, 'codes'] as const, queryFn: getDiscountCodes }),
};

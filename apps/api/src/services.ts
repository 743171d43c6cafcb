import type { AppContext } from './context.js';
import { adminService } from './modules/admin/admin.service.js';
import { statisticsService } from './modules/admin/statistics.service.js';
import { auditService } from './modules/audit/audit.service.js';
import { authService } from './modules/auth/auth.service.js';
import { billingService } from './modules/billing/billing.service.js';
import { businessReportsService } from './modules/business-reports/business-reports.service.js';
import { charitiesService } from './modules/charities/charities.service.js';
import { type DonationsService, donationsService } from './modules/donations/donations.service.js';
import { giftAidService } from './modules/donations/gift-aid.service.js';
import {
  type SubscriptionsService,
  subscriptionsService,
} from './modules/donations/subscriptions.service.js';
import { type EmployeesService, employeesService } from './modules/employees/employees.service.js';
import { exploreService } from './modules/explore/explore.service.js';
import { filesService } from './modules/files/files.service.js';
import { groupsService } from './modules/groups/groups.service.js';
import { type InvitationsService, invitationsService } from './modules/invitations/invitations.service.js';
import { type MatchingService, matchingService } from './modules/matching/matching.service.js';
import { messagesService } from './modules/messages/messages.service.js';
import { hierarchyService } from './modules/organisations/hierarchy.service.js';
import { organisationsService } from './modules/organisations/organisations.service.js';
import { directDebitsService } from './modules/payments/direct-debits.service.js';
import { paymentsService } from './modules/payments/payments.service.js';
import { providerAccountsService } from './modules/payments/provider-accounts.service.js';
import { placesService } from './modules/places/places.service.js';
import { projectContentService } from './modules/projects/project-content.service.js';
import { projectsService } from './modules/projects/projects.service.js';
import { usersService } from './modules/users/users.service.js';
import { walletService } from './modules/wallet/wallet.service.js';

/** Every service of the API, built once per app and handed to the routes and the scheduled jobs. */
export function buildServices(ctx: AppContext) {
  const payments = paymentsService(ctx, ctx.paymentProvider);
  // Donations and subscriptions call each other (a subscription's period is a donation; a
  // donation may open a subscription): each gets the other lazily.
  // An employee's own gift is matched in its transaction by the organisations that match (decision 024).
  const donations: DonationsService = donationsService(
    ctx,
    () => subscriptions,
    () => matching.onOwnGift,
  );
  const matching: MatchingService = matchingService(ctx, () => donations);
  const subscriptions: SubscriptionsService = subscriptionsService(ctx, () => donations);
  // A project that is cancelled or completed settles its donations
  // (docs/product/donations.md#a-project-that-ends,
  // docs/product/projects-and-charities.md#transitions).
  const projects = projectsService(ctx, {
    cancelled: (tx, projectId, userId) => donations.projectCancelled(tx, projectId, userId),
    completed: (tx, projectId, userId) => donations.projectCompleted(tx, projectId, userId),
  });
  // An accepted invitation from a CSV row places the person in their sub-group; the CSV upload
  // invites new people: each gets the other lazily.
  const invitations: InvitationsService = invitationsService(ctx, {
    businessJoined: (tx, businessId, userId, subGroupId) =>
      employees.placeInSubGroup(tx, businessId, userId, subGroupId),
  });
  const employees: EmployeesService = employeesService(ctx, () => invitations);
  return {
    auth: authService(ctx),
    users: usersService(ctx),
    places: placesService(ctx),
    wallet: walletService(ctx),
    payments,
    directDebits: directDebitsService(ctx, payments),
    providerAccounts: providerAccountsService(ctx),
    charities: charitiesService(ctx),
    organisations: organisationsService(ctx),
    projects,
    projectContent: projectContentService(ctx, projects),
    files: filesService(ctx, projects),
    explore: exploreService(ctx),
    groups: groupsService(ctx),
    donations,
    subscriptions,
    giftAid: giftAidService(ctx),
    billing: billingService(ctx),
    invitations,
    employees,
    messages: messagesService(ctx),
    admin: adminService(ctx),
    statistics: statisticsService(ctx),
    audit: auditService(ctx),
    matching,
    businessReports: businessReportsService(ctx, () => donations),
    hierarchy: hierarchyService(ctx),
  };
}
export type Services = ReturnType<typeof buildServices>;

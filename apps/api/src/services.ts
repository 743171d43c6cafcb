import type { AppContext } from './context.js';
import { ALL, charityTag, LISTS, projectTag } from './lib/public-cache.js';
import {
  adminAccountsService,
  adminProjectsService,
  adminService,
  statisticsService,
} from './modules/admin/index.js';
import { auditService } from './modules/audit/audit.service.js';
import { authService } from './modules/auth/auth.service.js';
import {
  invoicePayments,
  invoiceRunsService,
  organisationSubscriptionService,
  platformBillingService,
  subscriptionPlans,
} from './modules/billing/index.js';
import { businessReportsService } from './modules/business-reports/index.js';
import { charitiesService } from './modules/charities/charities.service.js';
import { charityMembersService } from './modules/charities/charity-members.service.js';
import { charityReviewService } from './modules/charities/charity-review.service.js';
import { cardGiftsService } from './modules/donations/card-gifts.service.js';
import { charityInboxService } from './modules/donations/charity-inbox.service.js';
import { donationStatisticsService } from './modules/donations/donation-statistics.service.js';
import { donorGiftsService } from './modules/donations/donor-gifts.service.js';
import { giftAidService } from './modules/donations/gift-aid.service.js';
import { giftRecorder } from './modules/donations/gift-recorder.js';
import { guestGiftsService } from './modules/donations/guest-gifts.service.js';
import { manageGiftsService } from './modules/donations/manage-gifts.service.js';
import { organisationSignoffService } from './modules/donations/organisation-signoff.service.js';
import { platformReviewService } from './modules/donations/platform-review.service.js';
import { providerEventsService } from './modules/donations/provider-events.service.js';
import { refundsService } from './modules/donations/refunds.service.js';
import { settlementService } from './modules/donations/settlement.service.js';
import { subscriptionRunsService } from './modules/donations/subscription-runs.service.js';
import { subscriptionsService } from './modules/donations/subscriptions.service.js';
import { employeesService } from './modules/employees/index.js';
import { exploreService } from './modules/explore/index.js';
import { filesService } from './modules/files/index.js';
import { fundraisersService } from './modules/fundraisers/index.js';
import { groupMembershipService } from './modules/groups/group-membership.service.js';
import { groupsService } from './modules/groups/groups.service.js';
import { apiTokensService, webhooksService } from './modules/integrations/index.js';
import { invitationsService } from './modules/invitations/invitations.service.js';
import { joinRequestsService } from './modules/invitations/join-requests.service.js';
import { matchingService } from './modules/matching/index.js';
import { messageSendingService } from './modules/messages/message-sending.service.js';
import { messagesService } from './modules/messages/messages.service.js';
import { notificationsService } from './modules/notifications/index.js';
import { hierarchyService } from './modules/organisations/hierarchy.service.js';
import { organisationMembersService } from './modules/organisations/organisation-members.service.js';
import { organisationReviewService } from './modules/organisations/organisation-review.service.js';
import { organisationsService } from './modules/organisations/organisations.service.js';
import { directDebitsService } from './modules/payments/direct-debits.service.js';
import { paymentMethodsService } from './modules/payments/payment-methods.service.js';
import { paymentsService } from './modules/payments/payments.service.js';
import { providerAccountsService } from './modules/payments/provider-accounts.service.js';
import { payoutSchedulesService, payoutsService } from './modules/payouts/index.js';
import { placesService } from './modules/places/places.service.js';
import { projectAccess } from './modules/projects/project-access.js';
import { projectAssociationsService } from './modules/projects/project-associations.service.js';
import { projectContentService } from './modules/projects/project-content.service.js';
import { projectEditingService } from './modules/projects/project-editing.service.js';
import { projectLifecycleService } from './modules/projects/project-lifecycle.service.js';
import { projectsService } from './modules/projects/projects.service.js';
import { reconciliationService } from './modules/reconciliation/index.js';
import { usersService } from './modules/users/users.service.js';
import { walletService } from './modules/wallet/index.js';

/** Every service of the API, built once per app and handed to the routes and the scheduled jobs. */
export function buildServices(ctx: AppContext) {
  const payments = paymentsService(ctx, ctx.paymentProvider);
  // Recording a gift is shared by the donor's gifts, a subscription's periods and an organisation's
  // matches; the donations services are split by who acts, each with the recorder.
  const gifts = giftRecorder(ctx);
  // A gift of funds may be paid by card in the same confirm, a recurring one by its saved card each
  // period (docs/product/card-gifts.md).
  const cardGifts = cardGiftsService(ctx, gifts, ctx.paymentProvider);
  const subscriptions = subscriptionsService(ctx, gifts, cardGifts);
  // A guest's gifts become theirs when they sign in with that email verified.
  const guestGifts = guestGiftsService(ctx, gifts, cardGifts);
  const subscriptionRuns = subscriptionRunsService(ctx, gifts, cardGifts);
  const matching = matchingService(ctx, gifts);
  // Money back: refunds, givers' requests, and the provider's events about gifts
  // (docs/product/refunds-and-disputes.md). A charity's funds show what they moved.
  const refunds = refundsService(ctx, gifts, ctx.paymentProvider);
  // Money out: payouts to charities (docs/product/payouts-and-reconciliation.md).
  const payouts = payoutsService(ctx, ctx.paymentProvider);
  // A person's gift may open a subscription (its first period is a donation).
  const donorGifts = donorGiftsService(ctx, gifts, subscriptions, cardGifts);
  const settlement = settlementService(gifts, subscriptions, ctx.ledger);
  // A project that is cancelled or completed settles its donations
  // (docs/product/donations.md#a-project-that-ends,
  // docs/product/projects-and-charities.md#transitions). Who may see and change a project is shared
  // by the projects services, its content and its files.
  const projectReads = projectAccess(ctx);
  const projectLifecycle = projectLifecycleService(ctx, projectReads, {
    cancelled: (tx, projectId, userId) => settlement.projectCancelled(tx, projectId, userId),
    completed: (tx, projectId, userId) => settlement.projectCompleted(tx, projectId, userId),
  });
  // The CSV upload invites new people; an accepted invitation records organisation.member_joined,
  // which the employees module hears (below).
  const invitations = invitationsService(ctx);
  const employees = employeesService(ctx, invitations);
  // Who is told of what, in the app and by mail (docs/product/notifications.md): a handler of each
  // event someone is told of; a message's audience is the messages module's to say.
  const messageSending = messageSendingService(ctx);
  const notifications = notificationsService(ctx, {
    messageAudience: (executor, id) => messageSending.audience(executor, id),
  });
  notifications.listen();
  // Webhooks are one more listener of the same events (docs/product/webhooks-and-api-tokens.md).
  const webhooks = webhooksService(ctx);
  webhooks.listen();
  listen(ctx, { matching, employees });
  // Billing: paying an invoice and choosing a plan are shared by the organisation's subscription,
  // the platform's setting of one and the scheduled invoice runs.
  const invoices = invoicePayments(ctx);
  const plans = subscriptionPlans(ctx, invoices);
  return {
    auth: authService(ctx, { verifiedSignIn: (user) => guestGifts.claim(user) }),
    users: usersService(ctx),
    places: placesService(ctx),
    wallet: walletService(ctx),
    payments,
    paymentMethods: paymentMethodsService(ctx, ctx.paymentProvider),
    cardGifts,
    guestGifts,
    manageGifts: manageGiftsService(ctx, subscriptions, subscriptionRuns, ctx.paymentProvider),
    directDebits: directDebitsService(ctx, payments),
    providerAccounts: providerAccountsService(ctx),
    charities: charitiesService(ctx, async (id) => ({
      ...(await refunds.moneyOf(id)),
      ...(await payouts.moneyOf(id)),
    })),
    charityMembers: charityMembersService(ctx),
    charityReview: charityReviewService(ctx),
    organisations: organisationsService(ctx),
    organisationMembers: organisationMembersService(ctx),
    organisationReview: organisationReviewService(ctx),
    projects: projectsService(ctx, projectReads),
    projectEditing: projectEditingService(ctx, projectReads),
    projectLifecycle,
    projectAssociations: projectAssociationsService(ctx, projectReads),
    projectContent: projectContentService(ctx, projectReads, projectLifecycle),
    files: filesService(ctx, projectReads),
    explore: exploreService(ctx),
    fundraisers: fundraisersService(ctx),
    groups: groupsService(ctx),
    groupMembership: groupMembershipService(ctx),
    donorGifts,
    charityInbox: charityInboxService(ctx, gifts),
    signoff: organisationSignoffService(ctx, gifts),
    platformReview: platformReviewService(ctx, gifts),
    donationStatistics: donationStatisticsService(ctx),
    subscriptions,
    subscriptionRuns,
    giftAid: giftAidService(ctx),
    refunds,
    payouts,
    payoutSchedules: payoutSchedulesService(ctx, ctx.paymentProvider),
    reconciliation: reconciliationService(ctx, ctx.paymentProvider),
    providerEvents: providerEventsService(ctx, gifts, ctx.paymentProvider),
    platformBilling: platformBillingService(ctx, plans, invoices),
    organisationSubscription: organisationSubscriptionService(ctx, plans, invoices),
    invoiceRuns: invoiceRunsService(ctx, invoices),
    invitations,
    joinRequests: joinRequestsService(ctx, invitations),
    employees,
    messages: messagesService(ctx),
    messageSending,
    notifications,
    webhooks,
    apiTokens: apiTokensService(ctx),
    admin: adminService(ctx),
    adminAccounts: adminAccountsService(ctx),
    adminProjects: adminProjectsService(ctx),
    statistics: statisticsService(ctx),
    audit: auditService(ctx),
    matching,
    businessReports: businessReportsService(ctx, gifts),
    hierarchy: hierarchyService(ctx),
  };
}
export type Services = ReturnType<typeof buildServices>;

/**
 * Who listens to which event (docs/decisions/041-one-event-mechanism.md). Each handler runs after
 * the change is committed, at least once, in whichever process takes its job: it must be safe to
 * run twice.
 */
function listen(
  ctx: AppContext,
  modules: {
    matching: ReturnType<typeof matchingService>;
    employees: ReturnType<typeof employeesService>;
  },
) {
  const { events } = ctx;
  // An employee's own gift is matched by the organisations that match (decision 024).
  events.on('donation.made', 'matching.match-own-gift', (event) => modules.matching.matchOwnGift(event));
  // A CSV row's sub-group (decision 023): placing twice places once.
  events.on('organisation.member_joined', 'employees.place-in-sub-group', async ({ data }) => {
    await ctx.database.db.transaction((tx) =>
      modules.employees.placeInSubGroup(tx, data.business_id, data.user_id, data.sub_group_id),
    );
  });
  // The public pages a change shows on are answered afresh, in every process (decision 014). A
  // gift's lists and charity page (the same counters) catch up within the entries' age limit.
  const giftTarget = (data: { project_id: number | null; charity_id: number | null }) =>
    data.project_id !== null ? projectTag(data.project_id) : charityTag(data.charity_id ?? 0);
  events.on('donation.made', 'public-cache.donation', async ({ data }) => {
    ctx.publicCache.changed(giftTarget(data));
  });
  events.on('donation.status_changed', 'public-cache.donation-status', async ({ data }) => {
    ctx.publicCache.changed(giftTarget(data));
  });
  events.on('donation.refunded', 'public-cache.donation-refunded', async ({ data }) => {
    ctx.publicCache.changed(giftTarget(data));
  });
  events.on('project.changed', 'public-cache.project', async ({ data }) => {
    // Its page, its card in the lists, and its charity's page that lists it.
    const tags = [projectTag(data.project_id), LISTS];
    if (data.charity_id !== null) tags.push(charityTag(data.charity_id));
    ctx.publicCache.changed(...tags);
  });
  events.on('project.status_changed', 'public-cache.project-status', async () => {
    // A project that opens or ends joins or leaves the lists, its charity's page and the totals.
    ctx.publicCache.changed(ALL);
  });
  // A charity's, an organisation's or a person's name and picture show on the pages of the projects
  // and gifts they touch: everything is answered afresh (such changes are rare). An application
  // waiting for review shows nowhere.
  events.on('charity.changed', 'public-cache.charity', async ({ data }) => {
    if (data.change !== 'applied') ctx.publicCache.changed(ALL);
  });
  events.on('organisation.changed', 'public-cache.organisation', async ({ data }) => {
    if (data.change !== 'applied') ctx.publicCache.changed(ALL);
  });
  events.on('person.changed', 'public-cache.person', async () => {
    ctx.publicCache.changed(ALL);
  });
  // A group's card and page (in the lists' entries).
  events.on('group.changed', 'public-cache.group', async () => {
    ctx.publicCache.changed(LISTS);
  });
  events.on('explore.map_refreshed', 'public-cache.map', async () => {
    ctx.publicCache.changed(LISTS);
  });
}

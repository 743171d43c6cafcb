import type { AppContext } from './context.js';
import { authService } from './modules/auth/auth.service.js';
import { charitiesService } from './modules/charities/charities.service.js';
import { type DonationsService, donationsService } from './modules/donations/donations.service.js';
import { giftAidService } from './modules/donations/gift-aid.service.js';
import {
  type SubscriptionsService,
  subscriptionsService,
} from './modules/donations/subscriptions.service.js';
import { exploreService } from './modules/explore/explore.service.js';
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
  const donations: DonationsService = donationsService(ctx, () => subscriptions);
  const subscriptions: SubscriptionsService = subscriptionsService(ctx, () => donations);
  // A project that is cancelled or completed settles its donations (domain.md §4, §5).
  const projects = projectsService(ctx, {
    cancelled: (tx, projectId, userId) => donations.projectCancelled(tx, projectId, userId),
    completed: (tx, projectId, userId) => donations.projectCompleted(tx, projectId, userId),
  });
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
    explore: exploreService(ctx),
    donations,
    subscriptions,
    giftAid: giftAidService(ctx),
  };
}
export type Services = ReturnType<typeof buildServices>;

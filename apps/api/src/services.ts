import type { AppContext } from './context.js';
import { authService } from './modules/auth/auth.service.js';
import { charitiesService } from './modules/charities/charities.service.js';
import { exploreService } from './modules/explore/explore.service.js';
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
  const projects = projectsService(ctx);
  return {
    auth: authService(ctx),
    users: usersService(ctx),
    places: placesService(ctx),
    wallet: walletService(ctx),
    payments,
    directDebits: directDebitsService(ctx, payments),
    providerAccounts: providerAccountsService(ctx),
    charities: charitiesService(ctx),
    projects,
    projectContent: projectContentService(ctx, projects),
    explore: exploreService(ctx),
  };
}
export type Services = ReturnType<typeof buildServices>;

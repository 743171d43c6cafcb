import { ADMIN_TYPE } from '@kindred/shared';

const { superAdmin, admin, employee } = ADMIN_TYPE;

/**
 * What a person may do, in the product's words. Every service method names the permission it needs
 * and the ids it acts on (from the path or the body) before anything else:
 * `await ctx.access.require(auth, Permission.CharityUpdate, [charityId])`.
 */
export const Permission = {
  UserSelf: 'user.self',

  PlatformDirectDebitsRead: 'platform.direct_debits.read',
  PlatformRead: 'platform.read',
  PlatformPeopleManage: 'platform.people.manage',
  PlatformAdminsManage: 'platform.admins.manage',
  PlatformProjectsMail: 'platform.projects.mail',
  PlatformDataExport: 'platform.data.export',
  PlatformPersonErase: 'platform.person.erase',
  PlatformWalletDeposit: 'platform.wallet.deposit',
  CharityCreate: 'charity.create',
  CharityReviewRead: 'charity.review.read',
  CharityReview: 'charity.review',
  CharityLock: 'charity.lock',
  ProjectReturn: 'project.return',
  PlatformDonationsRead: 'platform.donations.read',
  PlatformDonationsReview: 'platform.donations.review',
  PlatformBillingRead: 'platform.billing.read',
  PlatformBillingManage: 'platform.billing.manage',
  PlatformPayoutsRead: 'platform.payouts.read',
  PlatformPayoutsManage: 'platform.payouts.manage',

  BusinessCreate: 'business.create',
  BusinessLock: 'business.lock',
  BusinessReviewRead: 'business.review.read',
  BusinessReview: 'business.review',

  BusinessRead: 'business.read',
  BusinessUpdate: 'business.update',
  BusinessDelete: 'business.delete',
  BusinessMembersManage: 'business.members.manage',
  BusinessAdminsManage: 'business.admins.manage',
  BusinessSignoffManage: 'business.signoff.manage',
  BusinessDonate: 'business.donate',
  BusinessDonationsRead: 'business.donations.read',
  BusinessDonationsApprove: 'business.donations.approve',
  BusinessProjectsRead: 'business.projects.read',
  BusinessProjectsCreate: 'business.projects.create',
  BusinessWalletRead: 'business.wallet.read',
  BusinessWalletManage: 'business.wallet.manage',
  BusinessFundsTransfer: 'business.funds.transfer',
  BusinessSubscriptionRead: 'business.subscription.read',
  BusinessSubscriptionManage: 'business.subscription.manage',
  BusinessMatchingManage: 'business.matching.manage',
  BusinessReportsRead: 'business.reports.read',
  BusinessHierarchyManage: 'business.hierarchy.manage',
  BusinessIntegrationsManage: 'business.integrations.manage',

  CharityRead: 'charity.read',
  CharityUpdate: 'charity.update',
  CharityDelete: 'charity.delete',
  CharityMembersManage: 'charity.members.manage',
  CharityAdminsManage: 'charity.admins.manage',
  CharityFinanceRead: 'charity.finance.read',
  CharityPayoutManage: 'charity.payout.manage',
  CharityProjectsManage: 'charity.projects.manage',
  CharityDonationsRead: 'charity.donations.read',
  CharityDonationsApprove: 'charity.donations.approve',
  CharityGiftAidClaim: 'charity.gift_aid.claim',
  CharityDonationsRefund: 'charity.donations.refund',
  CharityIntegrationsManage: 'charity.integrations.manage',
  CharityFundraisersManage: 'charity.fundraisers.manage',

  FundraiserEdit: 'fundraiser.edit',

  ProjectManage: 'project.manage',

  GroupRead: 'group.read',
  GroupManage: 'group.manage',
  GroupMembersInvite: 'group.members.invite',
  MessagesPersonal: 'messages.personal',
  MessagesBusiness: 'messages.business',
  MessagesCharity: 'messages.charity',
  MessagesProject: 'messages.project',
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];

/** The charity permissions a Super Admin grants its members (docs/product/roles.md#admin-types). */
export type CharityGrant = 'manage_projects' | 'manage_members' | 'view_finance';

/** Who holds a permission: the entity its ids name, and the role needed there. */
export type Rule =
  /** Ids are people: only one's own. */
  | { on: 'self' }
  /** Platform admins of these types; takes no ids. */
  | { on: 'platform'; adminTypes: readonly number[] }
  /** Ids are organisations: members of these admin types, or (with `signoff`) its sign-off admins. */
  | { on: 'business'; adminTypes: readonly number[]; signoff?: boolean }
  /** Ids are charities: members of these admin types, or members granted the permission. */
  | { on: 'charity'; adminTypes: readonly number[]; grant?: CharityGrant }
  /**
   * Ids are projects: the people who manage them
   * (docs/product/projects-and-charities.md#who-manages-a-project).
   */
  | { on: 'project' }
  /** Ids are groups: their members, or (with `admin`) their admins only. */
  | { on: 'group'; admin: boolean };

export interface PermissionSpec {
  rule: Rule;
  /** What it allows, for the table in docs/access.md. */
  what: string;
  /** What a person without it is told (403). */
  denied: string;
}

const ANY_ROLE = [superAdmin, admin, employee] as const;
const PLATFORM_ONLY = 'Only platform admins can do this.';
const NO_CHARITY_ACCESS = 'You do not have access to this charity.';
const NO_BUSINESS_ACCESS = 'You do not have access to this business.';

export const PERMISSIONS: Record<Permission, PermissionSpec> = {
  [Permission.UserSelf]: {
    rule: { on: 'self' },
    what: 'Delete one’s own account, change one’s own avatar.',
    denied: 'You can only do this for your own account.',
  },

  [Permission.PlatformDirectDebitsRead]: {
    rule: { on: 'platform', adminTypes: ANY_ROLE },
    what: 'List every direct debit on the platform.',
    denied: PLATFORM_ONLY,
  },
  [Permission.PlatformRead]: {
    rule: { on: 'platform', adminTypes: ANY_ROLE },
    what: 'See people, accounts, projects near their end, the statistics and the audit log.',
    denied: PLATFORM_ONLY,
  },
  [Permission.PlatformPeopleManage]: {
    rule: { on: 'platform', adminTypes: [superAdmin, admin] },
    what: 'Activate or deactivate a person and correct their details (never their password).',
    denied: 'Only platform Super Admins and Admins can change people.',
  },
  [Permission.PlatformAdminsManage]: {
    rule: { on: 'platform', adminTypes: [superAdmin] },
    what: 'Make a person a platform admin of a type, or unmake one.',
    denied: 'Only platform Super Admins can make or unmake platform admins.',
  },
  [Permission.PlatformProjectsMail]: {
    rule: { on: 'platform', adminTypes: [superAdmin, admin] },
    what: 'Mail the admins of projects near their end a reminder to extend them.',
    denied: 'Only platform Super Admins and Admins can send reminders.',
  },
  [Permission.PlatformDataExport]: {
    rule: { on: 'platform', adminTypes: [superAdmin, admin] },
    what: 'Export a person’s or an account’s data as JSON.',
    denied: 'Only platform Super Admins and Admins can export data.',
  },
  [Permission.PlatformPersonErase]: {
    rule: { on: 'platform', adminTypes: [superAdmin] },
    what: 'Erase a person on request, keeping their donations anonymised.',
    denied: 'Only platform Super Admins can erase a person.',
  },
  [Permission.PlatformWalletDeposit]: {
    rule: { on: 'platform', adminTypes: [superAdmin, admin] },
    what: 'Record deposits and credits into a person’s or an organisation’s wallet.',
    denied: PLATFORM_ONLY,
  },
  [Permission.CharityCreate]: {
    rule: { on: 'platform', adminTypes: [superAdmin, admin] },
    what: 'Add an approved charity with its first admin.',
    denied: PLATFORM_ONLY,
  },
  [Permission.CharityReviewRead]: {
    rule: { on: 'platform', adminTypes: ANY_ROLE },
    what: 'See charities waiting for review.',
    denied: PLATFORM_ONLY,
  },
  [Permission.CharityReview]: {
    rule: { on: 'platform', adminTypes: [superAdmin, admin] },
    what: 'Accept or reject a charity waiting for review.',
    denied: PLATFORM_ONLY,
  },
  [Permission.CharityLock]: {
    rule: { on: 'platform', adminTypes: [superAdmin, admin] },
    what: 'Lock or unlock a charity.',
    denied: PLATFORM_ONLY,
  },
  [Permission.ProjectReturn]: {
    rule: { on: 'platform', adminTypes: [superAdmin, admin] },
    what: 'Return a Live project to its charity as a Draft.',
    denied: PLATFORM_ONLY,
  },
  [Permission.PlatformDonationsRead]: {
    rule: { on: 'platform', adminTypes: ANY_ROLE },
    what: 'See donations waiting for the platform: above the review threshold, or direct gifts to pay out.',
    denied: PLATFORM_ONLY,
  },
  [Permission.PlatformDonationsReview]: {
    rule: { on: 'platform', adminTypes: [superAdmin, admin] },
    what: 'Approve, pay out or reject any donation, returning its money.',
    denied: PLATFORM_ONLY,
  },
  [Permission.PlatformPayoutsRead]: {
    rule: { on: 'platform', adminTypes: ANY_ROLE },
    what: 'See payouts to charities, their payout accounts and the reconciliation of the books.',
    denied: PLATFORM_ONLY,
  },
  [Permission.PlatformPayoutsManage]: {
    rule: { on: 'platform', adminTypes: [superAdmin, admin] },
    what: 'Check charities’ payout accounts, approve or refuse payouts.',
    denied: 'Only platform Super Admins and Admins can check payout accounts and approve payouts.',
  },
  [Permission.PlatformBillingRead]: {
    rule: { on: 'platform', adminTypes: ANY_ROLE },
    what: 'See the subscription plans and discount codes.',
    denied: PLATFORM_ONLY,
  },
  [Permission.PlatformBillingManage]: {
    rule: { on: 'platform', adminTypes: [superAdmin, admin] },
    what: 'Keep the subscription plans and discount codes; set an organisation’s subscription.',
    denied: PLATFORM_ONLY,
  },

  [Permission.BusinessCreate]: {
    rule: { on: 'platform', adminTypes: [superAdmin, admin] },
    what: 'Add an approved organisation with its first Super Admin.',
    denied: PLATFORM_ONLY,
  },
  [Permission.BusinessLock]: {
    rule: { on: 'platform', adminTypes: [superAdmin, admin] },
    what: 'Lock or unlock an organisation.',
    denied: PLATFORM_ONLY,
  },
  [Permission.BusinessReviewRead]: {
    rule: { on: 'platform', adminTypes: ANY_ROLE },
    what: 'See organisations by approval status.',
    denied: PLATFORM_ONLY,
  },
  [Permission.BusinessReview]: {
    rule: { on: 'platform', adminTypes: [superAdmin, admin] },
    what: 'Approve or reject an organisation waiting for review.',
    denied: PLATFORM_ONLY,
  },

  [Permission.BusinessRead]: {
    rule: { on: 'business', adminTypes: ANY_ROLE },
    what: 'See an organisation’s pending or locked profile, its members, admins and sign-off admins.',
    denied: NO_BUSINESS_ACCESS,
  },
  [Permission.BusinessUpdate]: {
    rule: { on: 'business', adminTypes: [superAdmin, admin] },
    what: 'Edit an organisation’s profile and logo; see its join requests.',
    denied: NO_BUSINESS_ACCESS,
  },
  [Permission.BusinessDelete]: {
    rule: { on: 'business', adminTypes: [superAdmin] },
    what: 'Delete an organisation.',
    denied: 'Only a Super Admin of the organisation can delete it.',
  },
  [Permission.BusinessMembersManage]: {
    rule: { on: 'business', adminTypes: [superAdmin, admin] },
    what: 'Change members’ roles between Admin and Employee; remove members.',
    denied: 'You cannot manage this organisation’s members.',
  },
  [Permission.BusinessAdminsManage]: {
    rule: { on: 'business', adminTypes: [superAdmin] },
    what: 'Make or unmake an organisation’s Super Admins, or remove one.',
    denied: 'Only a Super Admin can make, unmake or remove Super Admins.',
  },
  [Permission.BusinessSignoffManage]: {
    rule: { on: 'business', adminTypes: [superAdmin] },
    what: 'Choose the sign-off admins and set the sign-off policy.',
    denied: 'Only a Super Admin can change who signs off donations.',
  },
  [Permission.BusinessDonate]: {
    rule: { on: 'business', adminTypes: ANY_ROLE },
    what: 'Ask for a donation on behalf of an organisation (held until its sign-off admins approve).',
    denied: 'You cannot give on behalf of this organisation.',
  },
  [Permission.BusinessDonationsRead]: {
    rule: { on: 'business', adminTypes: [superAdmin, admin], signoff: true },
    what: 'See the donations waiting for an organisation’s sign-off.',
    denied: NO_BUSINESS_ACCESS,
  },
  [Permission.BusinessDonationsApprove]: {
    rule: { on: 'business', adminTypes: [], signoff: true },
    what: 'Approve or reject donations on behalf of an organisation (never one’s own request).',
    denied: 'Only the organisation’s sign-off admins can approve its donations.',
  },
  [Permission.BusinessProjectsRead]: {
    rule: { on: 'business', adminTypes: ANY_ROLE },
    what: 'See an organisation’s projects.',
    denied: NO_BUSINESS_ACCESS,
  },
  [Permission.BusinessProjectsCreate]: {
    rule: { on: 'business', adminTypes: [superAdmin, admin] },
    what: 'Create projects owned by an organisation.',
    denied: 'You cannot create projects for this organisation.',
  },
  [Permission.BusinessWalletRead]: {
    rule: { on: 'business', adminTypes: [superAdmin, admin] },
    what: 'See an organisation’s wallet, history, statements and direct debits.',
    denied: NO_BUSINESS_ACCESS,
  },
  [Permission.BusinessWalletManage]: {
    rule: { on: 'business', adminTypes: [superAdmin, admin] },
    what: 'Add money to an organisation’s wallet; set up and cancel its direct debits.',
    denied: NO_BUSINESS_ACCESS,
  },
  [Permission.BusinessFundsTransfer]: {
    rule: { on: 'business', adminTypes: [superAdmin] },
    what: 'Move funds between an organisation and its sub-businesses (asked of the parent).',
    denied: 'Only a Super Admin of the parent organisation can move funds.',
  },
  [Permission.BusinessSubscriptionRead]: {
    rule: { on: 'business', adminTypes: [superAdmin, admin] },
    what: 'See an organisation’s subscription, its plans, history and invoices.',
    denied: NO_BUSINESS_ACCESS,
  },
  [Permission.BusinessSubscriptionManage]: {
    rule: { on: 'business', adminTypes: [superAdmin, admin] },
    what: 'Subscribe an organisation to a plan (paid from its wallet or by direct debit), apply a discount code, cancel.',
    denied: NO_BUSINESS_ACCESS,
  },
  [Permission.BusinessMatchingManage]: {
    rule: { on: 'business', adminTypes: [superAdmin, admin] },
    what: 'See and set an organisation’s matching of its employees’ gifts, its budget forecast and matched donations.',
    denied: 'Only the organisation’s admins can manage matching.',
  },
  [Permission.BusinessReportsRead]: {
    rule: { on: 'business', adminTypes: [superAdmin, admin] },
    what: 'See an organisation’s reports: totals, donations, employees’ volunteering, recurring and future donations.',
    denied: 'Only the organisation’s admins can see its reports.',
  },
  [Permission.BusinessIntegrationsManage]: {
    rule: { on: 'business', adminTypes: [superAdmin, admin] },
    what: 'Add and remove the organisation’s webhooks and API tokens, and see and retry webhook deliveries.',
    denied: 'Only the organisation’s admins can manage its webhooks and API tokens.',
  },
  [Permission.BusinessHierarchyManage]: {
    rule: { on: 'business', adminTypes: [superAdmin] },
    what: 'Add or remove sub-businesses and move employees between an organisation and its sub-businesses (asked of the parent).',
    denied: 'Only a Super Admin of the parent organisation can change its sub-businesses.',
  },

  [Permission.CharityRead]: {
    rule: { on: 'charity', adminTypes: ANY_ROLE },
    what: 'See a charity’s members and projects, its pending or locked profile; leave it.',
    denied: NO_CHARITY_ACCESS,
  },
  [Permission.CharityUpdate]: {
    rule: { on: 'charity', adminTypes: [superAdmin, admin] },
    what: 'Edit a charity’s profile and logo.',
    denied: NO_CHARITY_ACCESS,
  },
  [Permission.CharityDelete]: {
    rule: { on: 'charity', adminTypes: [superAdmin] },
    what: 'Delete a charity.',
    denied: NO_CHARITY_ACCESS,
  },
  [Permission.CharityMembersManage]: {
    rule: { on: 'charity', adminTypes: [superAdmin], grant: 'manage_members' },
    what: 'Change members’ roles and permissions; remove members; see and answer its join requests.',
    denied: 'You cannot manage this charity’s members.',
  },
  [Permission.CharityAdminsManage]: {
    rule: { on: 'charity', adminTypes: [superAdmin] },
    what: 'Make or unmake a charity’s Super Admins.',
    denied: 'Only a charity admin can make or unmake admins.',
  },
  [Permission.CharityFinanceRead]: {
    rule: { on: 'charity', adminTypes: [superAdmin], grant: 'view_finance' },
    what: 'See a charity’s funds and its payout account.',
    denied: NO_CHARITY_ACCESS,
  },
  [Permission.CharityPayoutManage]: {
    rule: { on: 'charity', adminTypes: [superAdmin], grant: 'view_finance' },
    what: 'Open or update a charity’s payout account.',
    denied: 'Only the charity’s admins can manage its payout account.',
  },
  [Permission.CharityProjectsManage]: {
    rule: { on: 'charity', adminTypes: [superAdmin], grant: 'manage_projects' },
    what: 'Create a charity’s projects; answer projects asking to join it.',
    denied: 'You cannot manage this charity’s projects.',
  },
  [Permission.CharityDonationsRead]: {
    rule: { on: 'charity', adminTypes: [superAdmin, admin], grant: 'view_finance' },
    what: 'See the donations a charity and its projects received, with donors and statistics.',
    denied: NO_CHARITY_ACCESS,
  },
  [Permission.CharityDonationsApprove]: {
    rule: { on: 'charity', adminTypes: [superAdmin, admin], grant: 'manage_projects' },
    what: 'Approve, decline or complete offers of time, skills and gifts.',
    denied: 'You cannot approve this charity’s donations.',
  },
  [Permission.CharityIntegrationsManage]: {
    rule: { on: 'charity', adminTypes: [superAdmin, admin] },
    what: 'Add and remove the charity’s webhooks and API tokens, and see and retry webhook deliveries.',
    denied: 'Only the charity’s admins can manage its webhooks and API tokens.',
  },
  [Permission.CharityFundraisersManage]: {
    rule: { on: 'charity', adminTypes: [superAdmin, admin] },
    what: 'See every fundraising page for the charity and its projects; hide one that misrepresents it, or put it back.',
    denied: 'Only the charity’s admins can manage the fundraising pages for it.',
  },
  [Permission.FundraiserEdit]: {
    rule: { on: 'self' },
    what: 'Edit one’s own fundraising page, change its picture and post updates on it.',
    denied: 'Only the person who opened this fundraising page can change it.',
  },
  [Permission.CharityDonationsRefund]: {
    rule: { on: 'charity', adminTypes: [superAdmin, admin] },
    what: 'Refund gifts to the charity and its projects, and answer givers’ requests for a refund.',
    denied: 'Only the charity’s admins can refund its gifts.',
  },
  [Permission.CharityGiftAidClaim]: {
    rule: { on: 'charity', adminTypes: [superAdmin], grant: 'view_finance' },
    what: 'Export a charity’s Gift Aid claims.',
    denied: 'Only the charity’s admins can claim Gift Aid.',
  },

  [Permission.ProjectManage]: {
    rule: { on: 'project' },
    what: 'Edit, publish, extend, complete, cancel, clone or delete a project; keep its updates, impact, pictures, documents and admins.',
    denied: 'You cannot manage this project.',
  },

  [Permission.GroupRead]: {
    rule: { on: 'group', admin: false },
    what: 'See a private group, its members, admins and statistics; leave it.',
    denied: 'Only the group’s members can see this.',
  },
  [Permission.GroupManage]: {
    rule: { on: 'group', admin: true },
    what: 'Edit or delete a group, change its logo and PIN; answer join requests; make admins; remove members.',
    denied: 'Only the group’s admins can do this.',
  },
  [Permission.GroupMembersInvite]: {
    rule: { on: 'group', admin: true },
    what: 'Invite people to a group by email; see its invitations waiting for an answer.',
    denied: 'Only the group’s admins can invite people to it.',
  },
  [Permission.MessagesPersonal]: {
    rule: { on: 'self' },
    what: 'Read, write, send and archive one’s own messages; find recipients.',
    denied: 'You can only read your own messages.',
  },
  [Permission.MessagesBusiness]: {
    rule: { on: 'business', adminTypes: ANY_ROLE },
    what: 'Read, write, send and archive an organisation’s messages.',
    denied: 'You cannot read this organisation’s messages.',
  },
  [Permission.MessagesCharity]: {
    rule: { on: 'charity', adminTypes: ANY_ROLE },
    what: 'Read, write, send and archive a charity’s messages.',
    denied: 'You cannot read this charity’s messages.',
  },
  [Permission.MessagesProject]: {
    rule: { on: 'project' },
    what: 'Read, write, send and archive a project’s messages.',
    denied: 'You cannot read this project’s messages.',
  },
};

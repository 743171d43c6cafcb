/**
 * Reference lists and states, with their codes (docs/product/reference-lists.md).
 *
 * Every list is an ordered, read-only array of `{ id, label }` entries, where `id` is the code stored
 * and sent over the wire and `label` is the product's first wording, kept verbatim (including its
 * spelling and capitalisation, e.g. 'Canceled', 'Human rights'), except the genders, first written in
 * lower case and shown capitalised.
 * Lists of codes used in program logic also have a named-codes object (singular name), e.g.
 * `PROJECT_STATUS.live === 2`; tests keep each in step with its list.
 */

/** One entry of a reference list. */
export interface ReferenceItem<Id extends number | string = number | string, Label extends string = string> {
  readonly id: Id;
  readonly label: Label;
}

/** Any reference list. */
export type ReferenceList = readonly ReferenceItem[];

/** The union of the codes of a list. */
export type CodeOf<L extends ReferenceList> = L[number]['id'];

/**
 * Charity types (docs/product/reference-lists.md#choices-people-make, 18 of them), numbered 1..18
 * in that order.
 */
export const CHARITY_TYPES = [
  { id: 1, label: 'Animals' },
  { id: 2, label: 'Armed Forces' },
  { id: 3, label: 'Arts & Heritage' },
  { id: 4, label: 'Children and Young People' },
  { id: 5, label: 'Community' },
  { id: 6, label: 'Disability' },
  { id: 7, label: 'Disaster Relief' },
  { id: 8, label: 'Elderly' },
  { id: 9, label: 'Education and Skills' },
  { id: 10, label: 'Environment and Conservation' },
  { id: 11, label: 'General' },
  { id: 12, label: 'Health and Social Care' },
  { id: 13, label: 'Human rights' },
  { id: 14, label: 'International' },
  { id: 15, label: 'Poverty' },
  { id: 16, label: 'Public Services' },
  { id: 17, label: 'Social Welfare' },
  { id: 18, label: 'Sport' },
] as const;
export type CharityTypeId = CodeOf<typeof CHARITY_TYPES>;

/**
 * Genders (docs/product/reference-lists.md#choices-people-make): the words as string codes; the labels
 * are capitalised like every other label of a list a person chooses from.
 */
export const GENDERS = [
  { id: 'male', label: 'Male' },
  { id: 'female', label: 'Female' },
  { id: 'trans-male', label: 'Trans male' },
  { id: 'trans-female', label: 'Trans female' },
  { id: 'gender-neutral', label: 'Gender neutral' },
  { id: 'other', label: 'Other' },
  { id: 'prefer-not-to-say', label: 'Prefer not to say' },
] as const;
export type GenderCode = CodeOf<typeof GENDERS>;

/**
 * Skilled volunteering types (docs/product/reference-lists.md#choices-people-make, 16 of them),
 * numbered 1..16 in that order.
 */
export const SKILL_TYPES = [
  { id: 1, label: 'Arts/Music/Drama/Dance/Crafts' },
  { id: 2, label: 'Finance & Accounting' },
  { id: 3, label: 'Legal/Governance' },
  { id: 4, label: 'Marketing & Social Media' },
  { id: 5, label: 'Organisation Development' },
  { id: 6, label: 'IT/Tech' },
  { id: 7, label: 'Graphics/Design/Web' },
  { id: 8, label: 'PR/Comms/Writing' },
  { id: 9, label: 'Organisation Mentoring/Leadership/Strategy' },
  { id: 10, label: 'HR' },
  { id: 11, label: 'Teaching/Training/Education' },
  { id: 12, label: 'Translating' },
  { id: 13, label: 'Public Speaking/Inspirational Talks' },
  { id: 14, label: 'Skilled Trades' },
  { id: 15, label: 'Admin' },
  { id: 16, label: 'Other' },
] as const;
export type SkillTypeId = CodeOf<typeof SKILL_TYPES>;

/**
 * Gift types (docs/product/reference-lists.md#choices-people-make, 12 of them), numbered 1..12 in
 * that order.
 */
export const GIFT_TYPES = [
  { id: 1, label: 'Technology' },
  { id: 2, label: 'Food related' },
  { id: 3, label: 'Equipment and Furniture' },
  { id: 4, label: 'Supplies' },
  { id: 5, label: 'Clothing or Bedding' },
  { id: 6, label: 'Room hire' },
  { id: 7, label: 'Household' },
  { id: 8, label: 'Transport' },
  { id: 9, label: 'Garden' },
  { id: 10, label: 'Experiences' },
  { id: 11, label: 'General' },
  { id: 12, label: 'Other' },
] as const;
export type GiftTypeId = CodeOf<typeof GIFT_TYPES>;

/** Types of giving (docs/product/reference-lists.md#codes). */
export const GIVING_TYPES = [
  { id: 1, label: 'manual adjustment' },
  { id: 2, label: 'Funds' },
  { id: 3, label: 'Volunteering' },
  { id: 4, label: 'Skilled Volunteering' },
  { id: 5, label: 'Gifts' },
] as const;
export type GivingTypeCode = CodeOf<typeof GIVING_TYPES>;
export const GIVING_TYPE = {
  manualAdjustment: 1,
  funds: 2,
  volunteering: 3,
  skilledVolunteering: 4,
  gifts: 5,
} as const;

/** Platform admin types (docs/product/reference-lists.md#codes, docs/product/roles.md). */
export const ADMIN_TYPES = [
  { id: 1, label: 'Super Admin' },
  { id: 2, label: 'Admin' },
  { id: 99, label: 'Employee' },
] as const;
export type AdminTypeCode = CodeOf<typeof ADMIN_TYPES>;
export const ADMIN_TYPE = { superAdmin: 1, admin: 2, employee: 99 } as const;

/** Project admin types (docs/product/reference-lists.md#codes). */
export const PROJECT_ADMIN_TYPES = [{ id: 1, label: 'Admin' }] as const;
export type ProjectAdminTypeCode = CodeOf<typeof PROJECT_ADMIN_TYPES>;
export const PROJECT_ADMIN_TYPE = { admin: 1 } as const;

/** Subscription frequencies (docs/product/reference-lists.md#codes). */
export const FREQUENCIES = [
  { id: 1, label: 'Daily' },
  { id: 2, label: 'Weekly' },
  { id: 3, label: 'Monthly' },
  { id: 4, label: 'Yearly' },
] as const;
export type FrequencyCode = CodeOf<typeof FREQUENCIES>;
export const FREQUENCY = { daily: 1, weekly: 2, monthly: 3, yearly: 4 } as const;

/** Fee types (docs/product/reference-lists.md#codes). */
export const FEE_TYPES = [
  { id: 1, label: 'Monthly fee' },
  { id: 2, label: 'Annual fee' },
] as const;
export type FeeTypeCode = CodeOf<typeof FEE_TYPES>;
export const FEE_TYPE = { monthly: 1, annual: 2 } as const;

/** Group types (docs/product/reference-lists.md#codes). */
export const GROUP_TYPES = [
  { id: 1, label: 'Organisation' },
  { id: 2, label: 'Individual' },
  { id: 3, label: 'Franchise' },
] as const;
export type GroupTypeCode = CodeOf<typeof GROUP_TYPES>;
export const GROUP_TYPE = { organisation: 1, individual: 2, franchise: 3 } as const;

/** Account kinds (docs/product/reference-lists.md#account-kinds-and-owner-types): drive the colour theme. */
export const ACCOUNT_KINDS = [
  { id: 1, label: 'Individual' },
  { id: 2, label: 'Charity' },
  { id: 3, label: 'Organisation' },
  { id: 4, label: 'Franchise' },
  { id: 5, label: 'Default' },
] as const;
export type AccountKindCode = CodeOf<typeof ACCOUNT_KINDS>;
export const ACCOUNT_KIND = {
  individual: 1,
  charity: 2,
  organisation: 3,
  franchise: 4,
  default: 5,
} as const;
/** The name of an account kind, as used for theme keys: 'individual' | 'charity' | ... */
export type AccountKindName = keyof typeof ACCOUNT_KIND;

/**
 * Owner types (docs/product/reference-lists.md#account-kinds-and-owner-types): another numbering,
 * for ownership.
 */
export const OWNER_TYPES = [
  { id: 1, label: 'Individual' },
  { id: 2, label: 'Organisation' },
  { id: 3, label: 'Charity' },
  { id: 4, label: 'Project' },
] as const;
export type OwnerTypeCode = CodeOf<typeof OWNER_TYPES>;
export const OWNER_TYPE = {
  individual: 1,
  organisation: 2,
  charity: 3,
  project: 4,
} as const;

/** Direct debit types (docs/product/reference-lists.md#codes); there is no type 2. */
export const DIRECT_DEBIT_TYPES = [
  { id: 1, label: 'Wallet charge' },
  { id: 3, label: 'Charity subscription' },
] as const;
export type DirectDebitTypeCode = CodeOf<typeof DIRECT_DEBIT_TYPES>;
export const DIRECT_DEBIT_TYPE = { walletCharge: 1, charitySubscription: 3 } as const;

/** Donation methods (docs/product/reference-lists.md#codes). */
export const DONATION_METHODS = [
  { id: 1, label: 'Project' },
  { id: 2, label: 'Direct Donation' },
] as const;
export type DonationMethodCode = CodeOf<typeof DONATION_METHODS>;
export const DONATION_METHOD = { project: 1, direct: 2 } as const;

/** Cursor directions of keyset paging (docs/product/reference-lists.md#codes). */
export const CURSOR_DIRECTIONS = [
  { id: 'after', label: 'after' },
  { id: 'before', label: 'before' },
] as const;
export type CursorDirection = CodeOf<typeof CURSOR_DIRECTIONS>;

/**
 * Message statuses (docs/product/reference-lists.md#codes, docs/product/organisations.md#messages):
 * Draft becomes Sent; a message can become Archived.
 */
export const MESSAGE_STATUSES = [
  { id: 1, label: 'Draft' },
  { id: 2, label: 'Sent' },
  { id: 9, label: 'Archived' },
] as const;
export type MessageStatusCode = CodeOf<typeof MESSAGE_STATUSES>;
export const MESSAGE_STATUS = { draft: 1, sent: 2, archived: 9 } as const;

/** Kinds of location autocomplete items (docs/product/reference-lists.md#codes). */
export const LOCATION_ITEM_TYPES = [
  { id: 'city', label: 'city' },
  { id: 'address', label: 'address' },
  { id: 'post_code', label: 'post_code' },
] as const;
export type LocationItemType = CodeOf<typeof LOCATION_ITEM_TYPES>;

/** Project statuses (docs/product/projects-and-charities.md#project-statuses). */
export const PROJECT_STATUSES = [
  { id: 0, label: 'Cancelled' },
  { id: 1, label: 'Draft' },
  { id: 2, label: 'Live' },
  { id: 3, label: 'Completed' },
  { id: 9, label: 'Finished' },
] as const;
export type ProjectStatusCode = CodeOf<typeof PROJECT_STATUSES>;
export const PROJECT_STATUS = {
  cancelled: 0,
  draft: 1,
  live: 2,
  completed: 3,
  finished: 9,
} as const;

/**
 * Project-charity association statuses
 * (docs/product/projects-and-charities.md#association-with-a-charity).
 */
export const ASSOCIATION_STATUSES = [
  { id: 1, label: 'New' },
  { id: 2, label: 'Pending' },
  { id: 3, label: 'Rejected' },
  { id: 4, label: 'Accepted' },
  { id: 5, label: 'Charity Project' },
] as const;
export type AssociationStatusCode = CodeOf<typeof ASSOCIATION_STATUSES>;
export const ASSOCIATION_STATUS = {
  new: 1,
  pending: 2,
  rejected: 3,
  accepted: 4,
  charityProject: 5,
} as const;

/** Transaction (donation) statuses (docs/product/donations.md#statuses). */
export const TRANSACTION_STATUSES = [
  { id: 20, label: 'Awaiting Organisation Approval' },
  { id: 30, label: 'Awaiting Charity Approval' },
  { id: 40, label: 'Awaiting platform admin approval' },
  { id: 80, label: 'Approved' },
  { id: 85, label: 'Completed' },
  { id: 90, label: 'Canceled' },
] as const;
export type TransactionStatusCode = CodeOf<typeof TRANSACTION_STATUSES>;
export const TRANSACTION_STATUS = {
  awaitingOrganisationApproval: 20,
  awaitingCharityApproval: 30,
  awaitingPlatformAdminApproval: 40,
  approved: 80,
  completed: 85,
  canceled: 90,
} as const;

/**
 * The labels some donation lists show for transaction statuses 80 and 90
 * (docs/product/donations.md#statuses).
 */
export const DONATION_STATUS_LABELS = [
  { id: 80, label: 'Pending' },
  { id: 90, label: 'Rejected' },
] as const;
export type DonationStatusLabelCode = CodeOf<typeof DONATION_STATUS_LABELS>;

/** Request (invitation / join request) statuses (docs/product/reference-lists.md#codes). */
export const REQUEST_STATUSES = [
  { id: 1, label: 'Pending' },
  { id: 2, label: 'Accepted' },
] as const;
export type RequestStatusCode = CodeOf<typeof REQUEST_STATUSES>;
export const REQUEST_STATUS = { pending: 1, accepted: 2 } as const;

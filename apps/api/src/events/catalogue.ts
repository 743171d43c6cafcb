/**
 * Every event the API records, with what it carries (snake_case, as it will leave in webhooks).
 * Adding one: a line here, `ctx.events.record(tx, type, data)` where the change is made, and the
 * handlers that listen to it in `services.ts` (docs/decisions/041-one-event-mechanism.md).
 */
export interface EventCatalogue {
  /**
   * A gift was recorded, any way one is made: a person's, an organisation's, a recurring gift's
   * period, an organisation's match. Its project's (or charity's) public pages show new figures.
   */
  'donation.made': {
    donation_id: number;
    project_id: number | null;
    charity_id: number | null;
  };
  /**
   * A gift moved on (docs/product/donations.md#transitions): signed off, approved, completed,
   * rejected or returned. Its project's (or charity's) figures change with it.
   */
  'donation.status_changed': {
    donation_id: number;
    project_id: number | null;
    charity_id: number | null;
    from: number;
    status: number;
  };
  /**
   * Money of a gift went back to its giver (docs/product/refunds-and-disputes.md): a refund by the
   * charity or the platform, one made at the payment provider, or a dispute lost. Its project's (or
   * charity's) figures drop by it.
   */
  'donation.refunded': {
    donation_id: number;
    project_id: number | null;
    charity_id: number | null;
    refund_id: number;
    amount: number;
  };
  /** The giver's bank disputed a gift's card payment, or the dispute closed (won or lost). */
  'donation.disputed': {
    donation_id: number;
    project_id: number | null;
    charity_id: number | null;
    status: 'open' | 'won' | 'lost';
    amount: number;
  };
  /**
   * A gift through a fundraising page counted toward it (docs/product/fundraising-pages.md): its
   * fundraiser is told.
   */
  'fundraiser.gift_counted': {
    fundraiser_id: number;
    donation_id: number;
    charity_id: number;
    amount: number;
  };
  /** The charity took a fundraising page down (`hidden`), or put it back. */
  'fundraiser.hidden': {
    fundraiser_id: number;
    charity_id: number;
    user_id: number;
    hidden: boolean;
    reason: string | null;
  };
  /** A charity's payout was paid into its bank account, or was not (refused by the bank or the platform). */
  'payout.paid': { payout_id: number; charity_id: number; amount: number };
  'payout.failed': { payout_id: number; charity_id: number; amount: number };
  /**
   * A person accepted an invitation or a request to join an organisation (or was already in it); a
   * CSV row may have named their sub-group.
   */
  'organisation.member_joined': {
    business_id: number;
    user_id: number;
    sub_group_id: number | null;
  };
  /** Someone asked to join an organisation or a charity; its admins answer. */
  'join_request.created': {
    request_id: number;
    target_type: 'business' | 'charity';
    target_id: number;
    user_id: number;
  };
  /** An admin accepted or declined a request to join. */
  'join_request.decided': {
    request_id: number;
    target_type: 'business' | 'charity';
    target_id: number;
    user_id: number;
    accepted: boolean;
  };
  /**
   * A message was sent to a person, an organisation, a charity or a project (owner types of
   * docs/product/wire-contract.md#owner-types); `author_id` is the person who wrote it.
   */
  'message.sent': {
    message_id: number;
    recipient_type: number;
    recipient_id: number;
    author_id: number;
  };
  /**
   * A project moved on (docs/product/projects-and-charities.md#transitions): published, returned to
   * Draft, extended, completed, cancelled, or finished (by its impact or its end date passing).
   */
  'project.status_changed': {
    project_id: number;
    charity_id: number | null;
    status: number;
  };
  /** What a project shows changed: its details, pictures, documents, updates, impact or charity. */
  'project.changed': {
    project_id: number;
    charity_id: number | null;
  };
  /** A charity applied, was added, reviewed, locked or unlocked, edited, given a logo or deleted. */
  'charity.changed': {
    charity_id: number;
    change: AccountChange;
  };
  /** An organisation applied, was added, reviewed, locked or unlocked, edited, given a logo or deleted. */
  'organisation.changed': {
    business_id: number;
    change: AccountChange;
  };
  /** A group was made, edited, given a logo or deleted, or someone joined or left it. */
  'group.changed': {
    group_id: number;
    change: 'created' | 'updated' | 'logo' | 'deleted' | 'member_joined' | 'member_left';
  };
  /**
   * A person's details or picture changed, or their account was deleted or erased: their name and
   * picture beside their gifts and in groups change with it.
   */
  'person.changed': {
    user_id: number;
    change: 'updated' | 'avatar' | 'deleted';
  };
  /** The map's cells were counted again: the public lists and the map show new figures. */
  'explore.map_refreshed': Record<string, never>;
}

export type EventType = keyof EventCatalogue;

/** What happened to a charity or an organisation (an account with members). */
export type AccountChange =
  | 'applied'
  | 'created'
  | 'approved'
  | 'rejected'
  | 'locked'
  | 'unlocked'
  | 'updated'
  | 'logo'
  | 'deleted';

/** An event as handlers receive it. */
export interface KindredEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  data: EventCatalogue[T];
  created_at: string;
}

import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_KIND,
  ACCOUNT_KINDS,
  ADMIN_TYPE,
  ADMIN_TYPES,
  ASSOCIATION_STATUS,
  ASSOCIATION_STATUSES,
  CHARITY_TYPES,
  CURSOR_DIRECTIONS,
  DIRECT_DEBIT_TYPE,
  DIRECT_DEBIT_TYPES,
  DONATION_METHOD,
  DONATION_METHODS,
  DONATION_STATUS_LABELS,
  FEE_TYPE,
  FEE_TYPES,
  FREQUENCIES,
  FREQUENCY,
  GENDERS,
  GIFT_TYPES,
  GIVING_TYPE,
  GIVING_TYPES,
  GROUP_TYPE,
  GROUP_TYPES,
  LOCATION_ITEM_TYPES,
  MESSAGE_STATUS,
  MESSAGE_STATUSES,
  OWNER_TYPE,
  OWNER_TYPES,
  PROJECT_ADMIN_TYPE,
  PROJECT_ADMIN_TYPES,
  PROJECT_STATUS,
  PROJECT_STATUSES,
  REQUEST_STATUS,
  REQUEST_STATUSES,
  type ReferenceList,
  SKILL_TYPES,
  TRANSACTION_STATUS,
  TRANSACTION_STATUSES,
} from './lists.js';

/** The list as [id, label] pairs, which makes the expectations read like the spec. */
const pairs = (list: ReferenceList) => list.map((item) => [item.id, item.label]);

describe('numbered lists of spec §3', () => {
  it('has the 18 charity types in spec order, numbered 1..18', () => {
    expect(CHARITY_TYPES).toHaveLength(18);
    expect(CHARITY_TYPES.map((t) => t.label)).toEqual([
      'Animals',
      'Armed Forces',
      'Arts & Heritage',
      'Children and Young People',
      'Community',
      'Disability',
      'Disaster Relief',
      'Elderly',
      'Education and Skills',
      'Environment and Conservation',
      'General',
      'Health and Social Care',
      'Human rights',
      'International',
      'Poverty',
      'Public Services',
      'Social Welfare',
      'Sport',
    ]);
    expect(CHARITY_TYPES.map((t) => t.id)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
  });

  it('has the 16 skilled volunteering types in spec order, numbered 1..16', () => {
    expect(SKILL_TYPES).toHaveLength(16);
    expect(SKILL_TYPES.map((t) => t.label)).toEqual([
      'Arts/Music/Drama/Dance/Crafts',
      'Finance & Accounting',
      'Legal/Governance',
      'Marketing & Social Media',
      'Organisation Development',
      'IT/Tech',
      'Graphics/Design/Web',
      'PR/Comms/Writing',
      'Organisation Mentoring/Leadership/Strategy',
      'HR',
      'Teaching/Training/Education',
      'Translating',
      'Public Speaking/Inspirational Talks',
      'Skilled Trades',
      'Admin',
      'Other',
    ]);
    expect(SKILL_TYPES.map((t) => t.id)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });

  it('has the 12 gift types in spec order, numbered 1..12', () => {
    expect(GIFT_TYPES).toHaveLength(12);
    expect(GIFT_TYPES.map((t) => t.label)).toEqual([
      'Technology',
      'Food related',
      'Equipment and Furniture',
      'Supplies',
      'Clothing or Bedding',
      'Room hire',
      'Household',
      'Transport',
      'Garden',
      'Experiences',
      'General',
      'Other',
    ]);
    expect(GIFT_TYPES.map((t) => t.id)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('has the seven genders with string codes and the spec labels', () => {
    expect(pairs(GENDERS)).toEqual([
      ['male', 'male'],
      ['female', 'female'],
      ['trans-male', 'trans-male'],
      ['trans-female', 'trans-female'],
      ['gender-neutral', 'gender neutral'],
      ['other', 'other'],
      ['prefer-not-to-say', 'prefer not to say'],
    ]);
  });
});

describe('code lists of spec §3', () => {
  it.each([
    [
      'GIVING_TYPES',
      GIVING_TYPES,
      [
        [1, 'manual adjustment'],
        [2, 'Funds'],
        [3, 'Volunteering'],
        [4, 'Skilled Volunteering'],
        [5, 'Gifts'],
      ],
    ],
    [
      'ADMIN_TYPES',
      ADMIN_TYPES,
      [
        [1, 'Super Admin'],
        [2, 'Admin'],
        [99, 'Employee'],
      ],
    ],
    ['PROJECT_ADMIN_TYPES', PROJECT_ADMIN_TYPES, [[1, 'Admin']]],
    [
      'FREQUENCIES',
      FREQUENCIES,
      [
        [1, 'Daily'],
        [2, 'Weekly'],
        [3, 'Monthly'],
        [4, 'Yearly'],
      ],
    ],
    [
      'FEE_TYPES',
      FEE_TYPES,
      [
        [1, 'Monthly fee'],
        [2, 'Annual fee'],
      ],
    ],
    [
      'GROUP_TYPES',
      GROUP_TYPES,
      [
        [1, 'Organisation'],
        [2, 'Individual'],
        [3, 'Franchise'],
      ],
    ],
    [
      'ACCOUNT_KINDS',
      ACCOUNT_KINDS,
      [
        [1, 'Individual'],
        [2, 'Charity'],
        [3, 'Organisation'],
        [4, 'Franchise'],
        [5, 'Default'],
      ],
    ],
    [
      'OWNER_TYPES',
      OWNER_TYPES,
      [
        [1, 'Individual'],
        [2, 'Organisation'],
        [3, 'Charity'],
        [4, 'Project'],
      ],
    ],
    [
      'DIRECT_DEBIT_TYPES',
      DIRECT_DEBIT_TYPES,
      [
        [1, 'Wallet charge'],
        [3, 'Charity subscription'],
      ],
    ],
    [
      'DONATION_METHODS',
      DONATION_METHODS,
      [
        [1, 'Project'],
        [2, 'Direct Donation'],
      ],
    ],
    [
      'CURSOR_DIRECTIONS',
      CURSOR_DIRECTIONS,
      [
        ['after', 'after'],
        ['before', 'before'],
      ],
    ],
    [
      'MESSAGE_STATUSES',
      MESSAGE_STATUSES,
      [
        [1, 'Draft'],
        [2, 'Sent'],
        [9, 'Archived'],
      ],
    ],
    [
      'LOCATION_ITEM_TYPES',
      LOCATION_ITEM_TYPES,
      [
        ['city', 'city'],
        ['address', 'address'],
        ['post_code', 'post_code'],
      ],
    ],
  ] as const)('%s has the spec codes and labels', (_name, list, expected) => {
    expect(pairs(list)).toEqual(expected);
  });
});

describe('states of spec §4', () => {
  it.each([
    [
      'PROJECT_STATUSES',
      PROJECT_STATUSES,
      [
        [0, 'Cancelled'],
        [1, 'Draft'],
        [2, 'Live'],
        [3, 'Completed'],
        [9, 'Finished'],
      ],
    ],
    [
      'ASSOCIATION_STATUSES',
      ASSOCIATION_STATUSES,
      [
        [1, 'New'],
        [2, 'Pending'],
        [3, 'Rejected'],
        [4, 'Accepted'],
        [5, 'Charity Project'],
      ],
    ],
    [
      'TRANSACTION_STATUSES',
      TRANSACTION_STATUSES,
      [
        [20, 'Awaiting Organisation Approval'],
        [30, 'Awaiting Charity Approval'],
        [40, 'Awaiting platform admin approval'],
        [80, 'Approved'],
        [85, 'Completed'],
        [90, 'Canceled'],
      ],
    ],
    [
      'DONATION_STATUS_LABELS',
      DONATION_STATUS_LABELS,
      [
        [80, 'Pending'],
        [90, 'Rejected'],
      ],
    ],
    [
      'REQUEST_STATUSES',
      REQUEST_STATUSES,
      [
        [1, 'Pending'],
        [2, 'Accepted'],
      ],
    ],
  ] as const)('%s has the spec codes and labels', (_name, list, expected) => {
    expect(pairs(list)).toEqual(expected);
  });
});

describe('named code objects', () => {
  it.each([
    ['GIVING_TYPE', GIVING_TYPE, GIVING_TYPES],
    ['ADMIN_TYPE', ADMIN_TYPE, ADMIN_TYPES],
    ['PROJECT_ADMIN_TYPE', PROJECT_ADMIN_TYPE, PROJECT_ADMIN_TYPES],
    ['FREQUENCY', FREQUENCY, FREQUENCIES],
    ['FEE_TYPE', FEE_TYPE, FEE_TYPES],
    ['GROUP_TYPE', GROUP_TYPE, GROUP_TYPES],
    ['ACCOUNT_KIND', ACCOUNT_KIND, ACCOUNT_KINDS],
    ['OWNER_TYPE', OWNER_TYPE, OWNER_TYPES],
    ['DIRECT_DEBIT_TYPE', DIRECT_DEBIT_TYPE, DIRECT_DEBIT_TYPES],
    ['DONATION_METHOD', DONATION_METHOD, DONATION_METHODS],
    ['MESSAGE_STATUS', MESSAGE_STATUS, MESSAGE_STATUSES],
    ['PROJECT_STATUS', PROJECT_STATUS, PROJECT_STATUSES],
    ['ASSOCIATION_STATUS', ASSOCIATION_STATUS, ASSOCIATION_STATUSES],
    ['TRANSACTION_STATUS', TRANSACTION_STATUS, TRANSACTION_STATUSES],
    ['REQUEST_STATUS', REQUEST_STATUS, REQUEST_STATUSES],
  ] as const)('%s names every code of its list exactly once, in order', (_name, codes, list) => {
    expect(Object.values(codes)).toEqual(list.map((item) => item.id));
  });

  it('names the codes the way the spec reads', () => {
    expect(GIVING_TYPE.funds).toBe(2);
    expect(GIVING_TYPE.skilledVolunteering).toBe(4);
    expect(ADMIN_TYPE.employee).toBe(99);
    expect(ACCOUNT_KIND.organisation).toBe(3);
    expect(OWNER_TYPE.organisation).toBe(2);
    expect(DIRECT_DEBIT_TYPE.charitySubscription).toBe(3);
    expect(PROJECT_STATUS.cancelled).toBe(0);
    expect(PROJECT_STATUS.finished).toBe(9);
    expect(TRANSACTION_STATUS.awaitingPlatformAdminApproval).toBe(40);
    expect(TRANSACTION_STATUS.completed).toBe(85);
    expect(MESSAGE_STATUS.archived).toBe(9);
  });

  it('has unique codes in every list', () => {
    const lists: ReferenceList[] = [
      CHARITY_TYPES,
      SKILL_TYPES,
      GIFT_TYPES,
      GENDERS,
      GIVING_TYPES,
      ADMIN_TYPES,
      TRANSACTION_STATUSES,
      PROJECT_STATUSES,
      ASSOCIATION_STATUSES,
    ];
    for (const list of lists) {
      expect(new Set(list.map((item) => item.id)).size).toBe(list.length);
    }
  });
});

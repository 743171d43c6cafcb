import {
  ADMIN_TYPE,
  CHARITY_MEMBER_PERMISSIONS,
  JOIN_REQUEST_STATUS,
  PROJECT_ADMIN_TYPE,
  PROJECT_STATUS,
} from '@kindred/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { insertOne } from '../db/insert.js';
import { hashPassword } from '../lib/passwords.js';
import type { FileStorage } from '../lib/storage.js';
import { auditLog } from '../modules/audit/audit.repository.js';
import { charities, charityMemberships } from '../modules/charities/charities.table.js';
import { groupJoinRequests, groupMemberships, groups } from '../modules/groups/groups.table.js';
import { joinRequests } from '../modules/invitations/invitations.table.js';
import { account, ledgerService, PLATFORM } from '../modules/ledger/ledger.service.js';
import { businesses, businessMemberships } from '../modules/organisations/organisations.table.js';
import { givingKindsOf } from '../modules/projects/project-views.js';
import { projectImages, projectMemberships, projects } from '../modules/projects/projects.table.js';
import { users } from '../modules/users/users.table.js';
import { seedDemoBilling } from './demo-billing.js';
import { seedDemoCards } from './demo-cards.js';
import { seedDemoDonations } from './demo-donations.js';
import { seedDemoFundraisers } from './demo-fundraisers.js';
import { seedDemoIntegrations } from './demo-integrations.js';
import { seedDemoMessages } from './demo-messages.js';
import { seedDemoMoneyBack } from './demo-money-back.js';
import { seedDemoNotifications } from './demo-notifications.js';
import { seedDemoOrgPeople } from './demo-org-people.js';
import { seedDemoOrganisationMoney } from './demo-organisation-money.js';
import { coverSvg, logoSvg, type RenderedPicture, renderPicture, storePicture } from './demo-pictures.js';
import { ukPlaces } from './places.js';

export const DEMO_PASSWORD = 'Password123!';

export const DEMO_ACCOUNTS = [
  { email: 'admin@example.org', role: 'platform Super Admin' },
  { email: 'staff@example.org', role: 'platform admin Employee (read-only)' },
  { email: 'donor@example.org', role: 'individual donor with a funded wallet' },
  { email: 'business@example.org', role: 'Super Admin and sign-off admin of the organisation "Acme Ltd"' },
  { email: 'signoff@example.org', role: 'sign-off admin of Acme Ltd' },
  { email: 'employee@example.org', role: 'employee of Acme Ltd' },
  { email: 'charity@example.org', role: 'admin of the charity "River Trust"' },
  { email: 'tom.evans@example.org', role: 'donor whose monthly gift by card was declined this month' },
] as const;

const CHARITIES: Array<{ name: string; types: number[]; town: string; description: string; number: string }> =
  [
    {
      name: 'River Trust',
      types: [10, 5],
      town: 'Bristol',
      number: '1100001',
      description: 'Cleaning and restoring the rivers of the West Country with local volunteers.',
    },
    {
      name: 'Paws & Whiskers Rescue',
      types: [1],
      town: 'Leeds',
      number: '1100002',
      description: 'Rescuing, treating and rehoming abandoned cats and dogs across Yorkshire.',
    },
    {
      name: 'Veterans Forward',
      types: [2, 13],
      town: 'Plymouth',
      number: '1100003',
      description: 'Housing, training and companionship for those who served in the armed forces.',
    },
    {
      name: 'Northern Lights Arts',
      types: [3],
      town: 'Newcastle upon Tyne',
      number: '1100004',
      description: 'Community theatre and heritage workshops in the North East.',
    },
    {
      name: 'Bright Futures Youth',
      types: [4, 9],
      town: 'Birmingham',
      number: '1100005',
      description: 'Mentoring, homework clubs and holiday activities for young people.',
    },
    {
      name: 'Open Doors Access',
      types: [6],
      town: 'Cardiff',
      number: '1100006',
      description: 'Making sport, culture and work accessible to disabled people in Wales.',
    },
    {
      name: 'Rapid Relief UK',
      types: [7, 14],
      town: 'London',
      number: '1100007',
      description: 'Emergency supplies and shelter after floods, fires and disasters.',
    },
    {
      name: 'Silver Threads',
      types: [8],
      town: 'Norwich',
      number: '1100008',
      description: 'Befriending and lunch clubs for older people living alone.',
    },
    {
      name: 'Highland Wildlife Trust',
      types: [10, 1],
      town: 'Inverness',
      number: 'SC012345',
      description: 'Protecting habitats and species across the Scottish Highlands.',
    },
    {
      name: 'Community Kitchen Network',
      types: [15, 17],
      town: 'Manchester',
      number: '1100010',
      description: 'Hot meals, food parcels and cooking skills for families in need.',
    },
    {
      name: 'Belfast Health Partners',
      types: [12],
      town: 'Belfast',
      number: 'NIC100011',
      description: 'Health checks and support groups for people with long-term conditions.',
    },
    {
      name: 'Fair Play Sport',
      types: [18, 4],
      town: 'Nottingham',
      number: '1100012',
      description: 'Free coaching and kit so that every child can play sport.',
    },
  ];

const PROJECT_TITLES = [
  'Clean-up of the river banks',
  'Winter coats appeal',
  'New minibus for day trips',
  'Summer reading club',
  'Community garden build',
  'Laptops for learners',
  'Emergency food boxes',
  'Wheelchair-accessible path',
  'Befriending phone line',
  'Tree planting weekend',
  'Flood recovery kits',
  'Youth football league',
  'Art therapy sessions',
  'Veterans breakfast club',
  'Hedgehog hospital extension',
  'Heritage trail signs',
];

/** Status, and days from today of the start and end dates, for a spread over every status. */
const { live, draft, completed, finished, cancelled } = PROJECT_STATUS;
const STATUS_PLAN: Array<{ status: number; start: number; end: number }> = [
  { status: live, start: -30, end: 60 },
  { status: live, start: -10, end: 12 },
  { status: live, start: -60, end: 120 },
  { status: draft, start: 10, end: 90 },
  { status: completed, start: -120, end: -10 },
  { status: finished, start: -200, end: -30 },
  { status: cancelled, start: -50, end: 20 },
];

function isoDay(daysFromNow: number, now: Date): string {
  return new Date(now.getTime() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
}

/** Loads the demo organisations, people, charities, projects and groups. Expects empty tables. */
/** `secret` is the platform's (webhook secrets are sealed with it). */
export async function seedDemo(
  db: Db,
  storage: FileStorage,
  currency: string,
  now: Date,
  secret: Uint8Array,
): Promise<void> {
  // Every row is stamped with the clock the demo is loaded at.
  const created = { createdAt: now };
  // Pictures: a logo and a cover per charity, drawn before the transaction and stored once per
  // owner (a project's cover is the first picture of its gallery, decision 018).
  const logos: RenderedPicture[] = [];
  const covers: RenderedPicture[] = [];
  for (const [index, c] of CHARITIES.entries()) {
    logos.push(await renderPicture(logoSvg(c.types[0], index), 'logo'));
    covers.push(await renderPicture(coverSvg(c.types[0], index), 'gallery'));
  }
  // The groups' logos: one drawing each (colours of a cause that suits the group).
  const groupLogos = await Promise.all(
    [5, 4, 15].map((cause, index) => renderPicture(logoSvg(cause, index + 1), 'logo')),
  );
  const groupLogo = (index: number) => storePicture(storage, 'logos', groupLogos[index] as RenderedPicture);
  // Acme's logo, shared by its sub-businesses (stored once for each).
  const acmeLogo = await renderPicture(logoSvg(undefined, 7), 'logo');
  const stamped = { createdAt: now, updatedAt: now };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const places = ukPlaces();
  const town = (name: string) => {
    const found = places.cities.find((c) => c.name === name);
    if (!found) throw new Error(`Demo town ${name} is not in the places data`);
    return found;
  };
  await db.transaction(async (tx) => {
    const person = async (
      email: string,
      firstName: string,
      lastName: string,
      extra: Partial<typeof users.$inferInsert> = {},
    ) => {
      const row = await insertOne(tx, users, {
        email,
        passwordHash,
        firstName,
        lastName,
        isActive: true,
        ...extra,
        ...stamped,
      });
      return row.id;
    };
    const platformAdmin = await person('admin@example.org', 'Alex', 'Admin', {
      isIicAdmin: true,
      adminType: ADMIN_TYPE.superAdmin,
    });
    const staff = await person('staff@example.org', 'Stevie', 'Staff', {
      isIicAdmin: true,
      adminType: ADMIN_TYPE.employee,
    });
    const donor = await person('donor@example.org', 'Dana', 'Donor', {
      city: 'Bristol',
      stateId: town('Bristol').state_id,
      postCode: 'BS1 4DJ',
      taxRefund: true,
      isPublic: true,
      gender: 'female',
    });
    const owner = await person('business@example.org', 'Bailey', 'Business');
    const signoff = await person('signoff@example.org', 'Sam', 'Signoff');
    const employee = await person('employee@example.org', 'Emery', 'Employee');
    const charityAdmin = await person('charity@example.org', 'Charlie', 'Charity');
    const extras = [
      await person('priya.patel@example.org', 'Priya', 'Patel'),
      await person('tom.evans@example.org', 'Tom', 'Evans'),
      await person('aisha.khan@example.org', 'Aisha', 'Khan'),
    ];

    const acme = await insertOne(tx, businesses, {
      name: 'Acme Ltd',
      registrationNumber: 'AC123456',
      approvalStatus: 'approved',
      description: 'Makers of fine widgets since 1952.',
      logo: await storePicture(storage, 'logos', acmeLogo),
      // Sign-off policy: one approval, two from ₹10,000 (decision 021).
      signoffApprovals: 1,
      signoffThreshold: 1_000_000,
      signoffApprovalsAbove: 2,
      createdBy: owner,
      ...created,
    });
    await tx.insert(businesses).values({
      name: 'Acme North',
      registrationNumber: '12345678',
      logo: await storePicture(storage, 'logos', acmeLogo),
      approvalStatus: 'approved',
      parentId: acme.id,
      createdBy: owner,
      ...created,
    });
    await tx.insert(businessMemberships).values([
      {
        businessId: acme.id,
        userId: owner,
        adminType: ADMIN_TYPE.superAdmin,
        // Signs off too, so that gifts needing two approvals can be approved in the demo.
        isSignoffAdmin: true,
        ...created,
      },
      { businessId: acme.id, userId: signoff, adminType: ADMIN_TYPE.admin, isSignoffAdmin: true, ...created },
      { businessId: acme.id, userId: employee, adminType: ADMIN_TYPE.employee, ...created },
    ]);

    const charityIds: number[] = [];
    for (const c of CHARITIES) {
      const place = town(c.town);
      const row = await insertOne(tx, charities, {
        name: c.name,
        registrationNumber: c.number,
        description: c.description,
        charityTypes: c.types,
        city: place.name,
        latitude: place.latitude,
        longitude: place.longitude,
        website: `https://www.${c.name.toLowerCase().replace(/[^a-z]+/g, '')}.org.uk`,
        email: `hello@${c.name.toLowerCase().replace(/[^a-z]+/g, '')}.org.uk`,
        approvalStatus: 'approved',
        logo: await storePicture(storage, 'logos', logos[charityIds.length] as RenderedPicture),
        ...stamped,
      });
      charityIds.push(row.id);
    }
    await tx.insert(charityMemberships).values({
      charityId: charityIds[0] as number,
      userId: charityAdmin,
      adminType: ADMIN_TYPE.superAdmin,
      permissions: [...CHARITY_MEMBER_PERMISSIONS],
      ...created,
    });

    const projectIds: number[] = [];
    for (let i = 0; i < 42; i++) {
      const charityIndex = i % CHARITIES.length;
      const charity = CHARITIES[charityIndex];
      const plan = STATUS_PLAN[i % STATUS_PLAN.length];
      const title = PROJECT_TITLES[i % PROJECT_TITLES.length];
      if (!charity || !plan || !title) continue;
      const place = town(charity.town);
      const needs = {
        fundsTarget: i % 4 === 3 ? null : (5 + (i % 6) * 5) * 100_000,
        volunteeringHours: i % 2 === 0 ? 40 + (i % 5) * 20 : null,
        volunteeringStart: i % 2 === 0 ? isoDay(plan.start, now) : null,
        volunteeringEnd: i % 2 === 0 ? isoDay(plan.end, now) : null,
        skillNeeds: i % 3 === 0 ? [{ type: (i % 16) + 1, hours: 10 + (i % 4) * 5 }] : [],
        giftNeeds:
          i % 3 === 1
            ? [
                {
                  type: (i % 12) + 1,
                  description: 'Donated items in good condition',
                  quantity: 5 + (i % 7) * 5,
                },
              ]
            : [],
      };
      const row = await insertOne(tx, projects, {
        ...needs,
        givingKinds: givingKindsOf(needs),
        skillTypes: needs.skillNeeds.map((need) => need.type),
        giftTypes: needs.giftNeeds.map((need) => need.type),
        publishedAt: plan.status === draft ? null : new Date(now.getTime() + plan.start * 86_400_000),
        finishedReason: plan.status === finished ? 'end_date' : null,
        charityId: charityIds[charityIndex] as number,
        ownerType: 3,
        ownerId: charityIds[charityIndex] as number,
        title: `${title} (${charity.town})`,
        summary: `${charity.name}: ${title.toLowerCase()}.`,
        description: `${charity.description} This project needs your help: ${title.toLowerCase()} in and around ${charity.town}.`,
        status: plan.status,
        associationStatus: 5,
        charityTypes: charity.types,
        startDate: isoDay(plan.start, now),
        endDate: isoDay(plan.end, now),
        city: place.name,
        latitude: Math.round((place.latitude + ((i % 5) - 2) * 0.01) * 10_000) / 10_000,
        longitude: Math.round((place.longitude + ((i % 3) - 1) * 0.01) * 10_000) / 10_000,
        ...stamped,
      });
      projectIds.push(row.id);
      await tx.insert(projectImages).values({
        projectId: row.id,
        url: await storePicture(storage, 'gallery', covers[charityIndex] as RenderedPicture),
        caption: `${title} with ${charity.name}`,
        createdBy: charityAdmin,
        ...created,
      });
    }
    // A Live project of River Trust that ends in four days: the expiring projects screen's example.
    const nearPlace = town('Bristol');
    const nearEnd = await insertOne(tx, projects, {
      fundsTarget: 500_000,
      givingKinds: [2],
      charityId: charityIds[0] as number,
      ownerType: 3,
      ownerId: charityIds[0] as number,
      title: 'Riverside litter pick (Bristol)',
      summary: 'River Trust: a last push to clear the towpath before spring.',
      description: 'Volunteers and funds to clear litter from the towpath; the appeal ends this week.',
      status: live,
      associationStatus: 5,
      charityTypes: CHARITIES[0]?.types ?? [],
      startDate: isoDay(-26, now),
      endDate: isoDay(4, now),
      publishedAt: new Date(now.getTime() - 26 * 86_400_000),
      city: nearPlace.name,
      latitude: nearPlace.latitude,
      longitude: nearPlace.longitude,
      ...stamped,
    });
    await tx.insert(projectImages).values({
      projectId: nearEnd.id,
      url: await storePicture(storage, 'gallery', covers[0] as RenderedPicture),
      caption: 'Litter pick with River Trust',
      createdBy: charityAdmin,
      ...created,
    });
    await tx.insert(projectMemberships).values({
      projectId: nearEnd.id,
      userId: charityAdmin,
      adminType: PROJECT_ADMIN_TYPE.admin,
      ...created,
    });

    await tx.insert(projectMemberships).values({
      projectId: projectIds[0] as number,
      userId: charityAdmin,
      adminType: PROJECT_ADMIN_TYPE.admin,
      ...created,
    });

    // Money: the donor's funded wallet, Acme's wallet and credits, recorded as platform deposits.
    const ledger = ledgerService(currency, () => now);
    const deposit = (
      owner: { ownerType: 'user' | 'business'; ownerId: number },
      kind: 'wallet' | 'credits',
      amount: number,
    ) =>
      ledger.transfer(
        tx,
        kind === 'credits' ? PLATFORM.creditsIssued : PLATFORM.manual,
        account(owner, kind),
        amount,
        {
          kind: kind === 'credits' ? 'admin_credits' : 'admin_deposit',
          description:
            kind === 'credits' ? 'Credits from Kindred: demo data' : 'Deposit recorded by Kindred: demo data',
          reference: { demo: true },
        },
      );
    await deposit({ ownerType: 'user', ownerId: donor }, 'wallet', 2_500_000);
    await deposit({ ownerType: 'user', ownerId: donor }, 'credits', 50_000);
    await deposit({ ownerType: 'business', ownerId: acme.id }, 'wallet', 50_000_000);
    await deposit({ ownerType: 'business', ownerId: acme.id }, 'credits', 10_000_000);

    const acmeGroup = await insertOne(tx, groups, {
      name: 'Acme Volunteers',
      groupType: 1,
      businessId: acme.id,
      pin: '482913',
      createdBy: owner,
      description: 'Acme colleagues who volunteer together.',
      logo: await groupLogo(0),
      ...created,
    });
    const bookGroup = await insertOne(tx, groups, {
      name: 'Bristol Giving Circle',
      groupType: 2,
      pin: '730215',
      requiresApproval: true,
      createdBy: donor,
      description: 'Neighbours pooling donations for local causes.',
      logo: await groupLogo(1),
      ...created,
    });
    const franchise = await insertOne(tx, groups, {
      name: 'Coffee Corner Franchise',
      groupType: 3,
      pin: '915624',
      createdBy: extras[0],
      description: 'Coffee shops raising funds together.',
      logo: await groupLogo(2),
      ...created,
    });
    // Members joined a month ago: the giving below counts towards their groups' statistics.
    const joined = { createdAt: new Date(now.getTime() - 30 * 86_400_000) };
    await tx.insert(groupMemberships).values([
      { groupId: acmeGroup.id, userId: owner, isAdmin: true, ...joined },
      { groupId: acmeGroup.id, userId: employee, ...joined },
      { groupId: acmeGroup.id, userId: signoff, ...joined },
      { groupId: bookGroup.id, userId: donor, isAdmin: true, ...joined },
      { groupId: bookGroup.id, userId: extras[1] as number, ...joined },
      { groupId: bookGroup.id, userId: extras[0] as number, ...joined },
      { groupId: franchise.id, userId: extras[0] as number, isAdmin: true, ...joined },
      { groupId: franchise.id, userId: extras[2] as number, ...joined },
    ]);
    // The Bristol Giving Circle needs approval: a colleague of Acme waits for its admin (the demo donor).
    await tx
      .insert(groupJoinRequests)
      .values({ groupId: bookGroup.id, userId: employee, status: 1, ...created });
    // Aisha asks to join River Trust: its admin answers on the charity's members screen.
    await tx.insert(joinRequests).values({
      userId: extras[2] as number,
      targetType: 'charity',
      targetId: charityIds[0] as number,
      message: 'I help at the river clean-ups most weekends.',
      status: JOIN_REQUEST_STATUS.pending,
      ...created,
    });

    // The audit log's examples: what the platform admin did to set the platform up.
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const audit = [
      {
        action: 'charity.approve',
        targetType: 'charity' as const,
        targetId: charityIds[0] as number,
        at: daysAgo(40),
      },
      { action: 'business.approve', targetType: 'business' as const, targetId: acme.id, at: daysAgo(35) },
      {
        action: 'user.deposit',
        targetType: 'user' as const,
        targetId: donor,
        reason: 'Cheque received at the office',
        details: { amount: 2_500_000 },
        at: daysAgo(30),
      },
      {
        action: 'business.credits',
        targetType: 'business' as const,
        targetId: acme.id,
        reason: 'Welcome credits',
        details: { amount: 10_000_000 },
        at: daysAgo(30),
      },
      {
        action: 'user.admin.set',
        targetType: 'user' as const,
        targetId: staff,
        details: { admin_type: 99 },
        at: daysAgo(20),
      },
      {
        action: 'project.mail',
        targetType: 'project' as const,
        targetId: projectIds[5] as number,
        details: { recipients: 1 },
        at: daysAgo(31),
      },
    ];
    for (const entry of audit) await auditLog.record(tx, { actorId: platformAdmin, ...entry });

    // Giving, through the donations' own state machine: progress counters are what was given.
    await seedDemoDonations(
      tx,
      ledger,
      now,
      {
        donor,
        admin: platformAdmin,
        charityAdmin,
        extras,
        organisation: { id: acme.id, owner, signoff, employee },
      },
      projectIds,
      charityIds,
    );
    // Giving by card: saved cards, gifts and monthly gifts paid by card, a declined card, guests.
    await seedDemoCards(
      tx,
      currency,
      now,
      { donor, declined: extras[1] as number, organisation: { id: acme.id, owner } },
      projectIds,
      charityIds,
    );
    // Money back and out: a refund, requests, disputes, payouts, a reconciliation run.
    await seedDemoMoneyBack(tx, currency, now, { donor, charityAdmin, platformAdmin }, charityIds);
    await seedDemoBilling(tx, ledger, now, currency, { id: acme.id, owner });
    await seedDemoOrgPeople(tx, now, {
      businessId: acme.id,
      owner,
      signoff,
      employee,
      asker: extras[2] as number,
    });

    // Messages between the demo people, River Trust and Acme Ltd, some unread.
    await seedDemoMessages(tx, now, {
      donor,
      owner,
      charityAdmin,
      extras,
      acmeId: acme.id,
      riverTrustId: charityIds[0] as number,
    });
    await seedDemoOrganisationMoney(
      tx,
      ledger,
      now,
      { id: acme.id, owner, signoff, employee, southLogo: await storePicture(storage, 'logos', acmeLogo) },
      projectIds,
    );
    // What each demo person has been told: something unread in every bell.
    await seedDemoNotifications(
      tx,
      now,
      currency,
      {
        donor,
        owner,
        signoff,
        employee,
        charityAdmin,
        asker: 'Aisha Khan',
        acmeId: acme.id,
        riverTrustId: charityIds[0] as number,
      },
      projectIds,
    );
    // Fundraising pages: the donor's with a picture and updates, a team in the Bristol Giving
    // Circle, Acme's, one for a charity and one that ended.
    await seedDemoFundraisers(
      tx,
      storage,
      ledger,
      now,
      { donor, owner, extras, acmeId: acme.id, circleId: bookGroup.id },
      projectIds,
      charityIds,
    );
    // River Trust's and Acme's webhooks with their delivery logs, and an API token each.
    await seedDemoIntegrations(tx, now, secret, {
      charityAdmin,
      owner,
      riverTrustId: charityIds[0] as number,
      acmeId: acme.id,
    });
  });
}

/** Empties every table the demo and its use fill (not the places), money included, so the demo can be loaded again. */
export async function clearDemo(db: Db): Promise<void> {
  await db.execute(
    sql`truncate table subscription_invoices, business_subscriptions, discount_codes, subscription_plans, donation_signoffs, donation_history, subscription_retries, donations, fundraiser_posts, fundraisers, donation_subscriptions, gift_aid_claims, gift_aid_declarations, ledger_entries, ledger_transactions, ledger_accounts, idempotency_keys, payments, payment_methods, sandbox_payments, sandbox_refunds, sandbox_disputes, sandbox_transfers, donation_refunds, refund_requests, donation_disputes, gift_aid_adjustments, payout_items, payouts, payout_schedules, reconciliation_mismatches, reconciliation_runs, guest_givers, direct_debits, provider_accounts, provider_events, group_join_requests, group_membership_periods, group_pin_failures, group_memberships, project_memberships, charity_memberships, business_memberships, groups, projects, charities, businesses, user_codes, login_failures, users, employee_sub_group_members, employee_sub_groups, employee_groups, invitations, join_requests, messages, notifications, notification_preferences, webhook_deliveries, webhook_endpoints, api_tokens, audit_log, admin_project_reminders, admin_statistics_daily, admin_statistics_runs restart identity cascade`,
  );
}

export async function hasUsers(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(users);
  return (row?.count ?? 0) > 0;
}

import { describe, expect, it } from 'vitest';
import { makeCharity, makeProject } from '../testing/factories.js';
import { useTestApp } from '../testing/helpers.js';
import { createBusiness } from '../testing/money.js';

/**
 * The HTTP side of access: every route says whether it needs a sign-in, every one that does answers
 * 401 without it, and an entity named in a body is refused to a stranger like one in a path. What a
 * signed-in person may do is the access layer's (access.test.ts).
 */
const PUBLIC_CALLS = [
  'GET /api/health',
  'GET /api/config',
  'GET /api/openapi.json',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/user/register',
  'GET /api/auth/activate/:code',
  'POST /api/auth/send_activation_email/:email',
  'POST /api/user/passwordreset/:email',
  'POST /api/auth/password_reset/confirm',
  'GET /api/state/by_country/:countryId',
  'GET /api/city/by_state/:stateId',
  'GET /api/files/*',
  'POST /api/sandbox/authenticate',
  'GET /api/manage/:token',
  'POST /api/manage/:token',
  'GET /api/manage/:token/receipt',
  'GET /api/manage/:token/credit_note/:refund_id',
  'POST /api/manage/:token/refund_request',
  'POST /api/guest/donate/project/:id',
  'POST /api/guest/donate/charity/:id',
  'POST /api/guest/payment/:id/confirm',
  'POST /api/stripe/webhook',
  'GET /api/unsubscribe/:token',
  'POST /api/unsubscribe/:token',
  'GET /api/charity/:id',
  'GET /api/charity/list',
  'GET /api/business/autocomplete',
  'GET /api/project/:id',
  'GET /api/project/:id/summary',
  'GET /api/project/updates/:id',
  'GET /api/project/:id/impact',
  'GET /api/project/:id/images',
  'GET /api/project/:id/documents',
  'GET /api/project/:id/all-donations',
  'GET /api/fundraiser/:id',
  'GET /api/fundraiser/:id/donations',
  'GET /api/fundraiser/:id/updates',
  'GET /api/project/:id/fundraisers',
  'GET /api/group/:id/fundraisers',
  'GET /api/explore/project/list',
  'GET /api/explore/project/locations',
  'GET /api/explore/charity/list',
  'GET /api/explore/charity/locations',
  'GET /api/explore/group/list',
  'GET /api/explore/group/:id',
  'GET /api/explore/fundraiser/list',
  'GET /api/explore/summary',
  'GET /api/invitation/confirm/:code',
];

const t = useTestApp();

describe('routes and sign-in', () => {
  it('are public only where the product means them to be', () => {
    const declared = t.routes.filter((route) => route.auth === 'public').map((r) => `${r.method} ${r.url}`);
    expect(declared.sort()).toEqual([...PUBLIC_CALLS].sort());
  });

  it('answer 401 without a token on every call that needs a sign-in', async () => {
    const protectedRoutes = t.routes.filter((route) => route.auth === 'user');
    expect(protectedRoutes.length).toBeGreaterThan(60);
    for (const route of protectedRoutes) {
      const url = route.url.replace(/:\w+/g, '1');
      const res = await t.request(route.method as 'GET', url);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().error.code, `${route.method} ${route.url}`).toBe('UNAUTHORIZED');
    }
  });
});

describe('entities named in a body', () => {
  it('are refused to a stranger with 403, as in a path', async () => {
    const owner = await t.createUser();
    const stranger = await t.createUser();
    const project = await makeProject(t, owner, { title: 'Not yours', status: 'draft' });
    const { id: charity } = await makeCharity(t, {
      name: 'Owner Trust',
      charityTypes: [1],
      admin: owner,
      status: 'pending',
    });
    const parent = await createBusiness(t, owner.id, { name: 'Parent Ltd' });
    const child = await createBusiness(t, owner.id, { name: 'Child Ltd', parentId: parent });
    const group = (
      await t.request('POST', '/api/group/create', {
        token: owner.token,
        body: { name: 'Owner Circle', type: 2 },
      })
    ).json().id as number;
    const calls: Array<[string, string, unknown]> = [
      ['POST', '/api/project/updates', { project_id: project, title: 'Hijack', body: 'Not mine.' }],
      ['POST', '/api/project/clone', { project_id: project }],
      ['POST', '/api/project/create', { title: 'Under their name', charity_id: charity }],
      ['POST', '/api/project/create', { title: 'Under their name', business_id: parent }],
      ['POST', '/api/charity/associated_approve', { project_id: project, charity_id: charity }],
      ['PATCH', '/api/stripe/account', { charity_id: charity }],
      [
        'POST',
        '/api/organisation/transfer_funds',
        { from_business_id: parent, to_business_id: child, amount: 100 },
      ],
      ['POST', '/api/admin/complete', { donation_ids: [1] }],
      ['POST', `/api/membership/business/${parent}/set`, { user_id: owner.id, admin_type: 2 }],
      ['POST', `/api/membership/business/${parent}/delete`, { user_id: owner.id }],
      ['POST', `/api/membership/signoff/${parent}`, { user_id: stranger.id }],
      ['POST', `/api/business/${parent}/approve_donations`, { donation_ids: [1], action: 'approve' }],
      ['POST', `/api/business/${parent}/donate/charity/${charity}`, { type: 2, amount: 100 }],
      ['POST', '/api/admin/donation/reject', { donation_id: 1, reason: 'Not mine to judge' }],
      ['POST', '/api/group/create', { name: 'Their organisation group', type: 1, business_id: parent }],
      ['POST', '/api/group/leave', { group_id: group }],
      ['POST', '/api/membership/group/remove', { group_id: group, user_id: owner.id }],
      ['POST', '/api/membership/group/make_admins', { group_id: group, user_ids: [stranger.id] }],
      [
        'POST',
        '/api/invitation/create',
        { email: 'a@example.org', target_type: 'business', target_id: parent },
      ],
      [
        'POST',
        '/api/invitation/create',
        { email: 'a@example.org', target_type: 'charity', target_id: charity },
      ],
      [
        'POST',
        '/api/invitation/create',
        { email: 'a@example.org', target_type: 'project', target_id: project },
      ],
      [
        'POST',
        '/api/message/create',
        {
          owner_type: 3,
          owner_id: charity,
          recipient_type: 1,
          recipient_id: owner.id,
          subject: 'Hi',
          body: 'As them',
          status: 2,
        },
      ],
      ['POST', '/api/message/reply', { owner_type: 2, owner_id: parent, message_id: 1, body: 'As them' }],
      ['POST', '/api/message/mark_read', { owner_type: 4, owner_id: project, message_ids: [1] }],
      ['POST', '/api/organisation/sub_business', { parent_id: parent, name: 'Hijacked Branch' }],
      [
        'POST',
        '/api/organisation/transfer_employees',
        { from_business_id: parent, to_business_id: child, user_ids: [owner.id] },
      ],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.request(method as 'POST', url, { token: stranger.token, body });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    // The same calls go through for the owner (the access layer, not the shape of the body, said no).
    const own = await t.request('POST', '/api/project/updates', {
      token: owner.token,
      body: { project_id: project, title: 'Our news', body: 'Going well.' },
    });
    expect(own.statusCode, own.body).not.toBe(403);
  });
});

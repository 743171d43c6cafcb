import {
  expectAccessible,
  freshEmail,
  invitationPath,
  journeySetUp,
  registerActivated,
  registerActivatedAs,
  settle,
  signInAs,
  signOut,
  toast,
} from './support/app';
import { expect, type Page, test, widthProblem } from './support/test';

/**
 * Groups (issue "Groups, invitations and joins, and messages"): a newly registered person creates
 * an open group and one that needs approval; a second person joins the first by its PIN and asks
 * to join the second; the admin accepts the request; the second person leaves the first group.
 * Explore's group cards open the group page. A group's admin invites a new email from the group's
 * page; the invited person registers, accepts and is among the members. Every new screen is checked
 * with axe.
 */

journeySetUp(180_000);

/** Creates a group through the create screen; answers its page's path and PIN. */
async function createGroup(page: Page, name: string, needsApproval: boolean) {
  await page.goto('/groups/new');
  await settle(page);
  await page.getByLabel('Name', { exact: false }).first().fill(name);
  if (needsApproval)
    await page.getByRole('switch', { name: /New members need an admin/ }).check({ force: true });
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(toast(page, 'Group created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const pin = (await page.getByTestId('group-pin').textContent())?.trim() ?? '';
  expect(pin).toMatch(/^[1-9]\d{5}$/);
  return { path: new URL(page.url()).pathname, pin };
}

async function joinByPin(page: Page, pin: string) {
  await page.goto('/groups');
  await settle(page);
  const field = page.getByLabel('Group PIN');
  await field.click();
  // Typed key by key, through the pin key filter.
  await field.pressSequentially(pin);
  await expect(field).toHaveValue(pin);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
}

test('a group is created, joined by PIN, a request is accepted, and a member leaves', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const open = `Open Circle ${stamp}`;
  const careful = `Careful Circle ${stamp}`;

  const founder = await registerActivated(page, 'group-founder', 'Fran', 'Founder');
  await signInAs(page, founder, '/groups');
  await settle(page);
  await expect(page.getByText('You are not in a group yet.', { exact: false })).toBeVisible();
  await expectAccessible(page, 'my groups (empty)');
  await page.getByRole('link', { name: 'Create a group' }).click();
  await settle(page);
  await expectAccessible(page, 'create a group');

  const openGroup = await createGroup(page, open, false);
  await settle(page);
  await expectAccessible(page, 'group page (admin)');
  const carefulGroup = await createGroup(page, careful, true);

  await page.getByRole('link', { name: 'Edit group' }).click();
  await settle(page);
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${careful}` })).toBeVisible();
  await expectAccessible(page, 'edit a group');
  await signOut(page);

  // A second person joins the open group by its PIN and asks to join the careful one.
  const joiner = await registerActivated(page, 'group-joiner', 'Jo', 'Joiner');
  await signInAs(page, joiner);
  // The pin field blocks a leading 0 and letters.
  await page.goto('/groups');
  await settle(page);
  await page.getByLabel('Group PIN').pressSequentially('0a');
  await expect(page.getByLabel('Group PIN')).toHaveValue('');
  await joinByPin(page, openGroup.pin);
  await expect(toast(page, 'Group joined')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: open })).toBeVisible();
  await settle(page);
  await expectAccessible(page, 'group page (member)');

  await joinByPin(page, carefulGroup.pin);
  await expect(toast(page, 'Request sent')).toBeVisible();
  await page.goto(carefulGroup.path);
  await expect(page.getByText('Your request to join is waiting', { exact: false })).toBeVisible();
  await expectAccessible(page, 'group page (request waiting)');
  await signOut(page);

  // The admin accepts the request.
  await signInAs(page, founder, carefulGroup.path);
  await settle(page);
  await page.getByRole('button', { name: 'Accept Jo Joiner' }).click();
  await expect(toast(page, 'Request accepted')).toBeVisible();
  await expect(page.getByText('Nobody is waiting to join.')).toBeVisible();
  // The admin's screens fit the narrowest phone (320 px).
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of [carefulGroup.path, `${carefulGroup.path}/edit`]) {
    await page.goto(path);
    await settle(page);
    expect(await widthProblem(page), `${path} at 320 px`).toBeUndefined();
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/groups');
  await expect(page.getByRole('link', { name: careful })).toBeVisible();
  await expect(page.getByRole('link', { name: open })).toBeVisible();
  await expectAccessible(page, 'my groups');
  await signOut(page);

  // The second person is now in both, and leaves the open group.
  await signInAs(page, joiner, '/groups');
  await expect(page.getByRole('link', { name: careful })).toBeVisible();
  await page.goto(openGroup.path);
  await settle(page);
  await page.getByRole('button', { name: 'Leave group' }).click();
  const dialog = page.getByRole('dialog', { name: `Leave ${open}?` });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'leave dialog');
  await dialog.getByRole('button', { name: 'Leave group' }).click();
  await expect(toast(page, 'Left Group')).toBeVisible();
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByRole('link', { name: open })).toHaveCount(0);

  // Explore's group cards open the group page.
  await page.goto(`/explore?tab=groups&q=${encodeURIComponent(careful)}`);
  await page.getByRole('link', { name: careful }).click();
  await expect(page.getByRole('heading', { level: 1, name: careful })).toBeVisible();

  // A visitor opening the group from explore sees its public page, not the sign-in screen: no PIN,
  // no members' names, and "Sign in to join" that comes back to it.
  await signOut(page);
  await page.goto(`/explore?tab=groups&q=${encodeURIComponent(careful)}`);
  await page.getByRole('link', { name: careful }).click();
  await expect(page.getByRole('heading', { level: 1, name: careful })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${carefulGroup.path}$`));
  await expect(page.getByText('2 members · Joining needs an admin’s approval')).toBeVisible();
  await expect(page.getByText(carefulGroup.pin)).toHaveCount(0);
  await expect(page.getByText('Fran Founder')).toHaveCount(0);
  await expectAccessible(page, 'public group page');
  await page.getByRole('link', { name: 'Sign in to join' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(carefulGroup.path)}$`));
  await signInAs(page, joiner, '/groups');

  // The screens fit the narrowest phone (320 px).
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of ['/groups', '/groups/new', carefulGroup.path]) {
    await page.goto(path);
    await settle(page);
    expect(await widthProblem(page), `${path} at 320 px`).toBeUndefined();
  }
});

test('a group admin invites a new email; the invited person registers, accepts and is a member', async ({
  page,
}) => {
  const name = `Invited Circle ${Date.now().toString(36)}`;
  const invited = freshEmail('group-invitee');

  const founder = await registerActivated(page, 'group-inviter', 'Ines', 'Inviter');
  await signInAs(page, founder);
  const group = await createGroup(page, name, false);
  await settle(page);

  await test.step('the admin invites by email from the group page', async () => {
    const panel = page.getByRole('region', { name: 'Invite people' });
    await expect(panel.getByText('No invitations are waiting.')).toBeVisible();
    await panel.getByRole('button', { name: 'Invite by email' }).click();
    const dialog = page.getByRole('dialog', { name: `Invite someone to ${name}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Role')).toHaveCount(0);
    await expectAccessible(page, 'invite to a group dialog');
    await dialog.getByLabel('Email address').fill(invited);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toast(page, 'Invitation sent')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(panel.getByText(invited)).toBeVisible();
    await expectAccessible(page, 'group page with its waiting invitations');
    await signOut(page);
  });

  await test.step('the invited person registers with that email and accepts', async () => {
    const path = await invitationPath(invited, /invited/);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: `Join ${name}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
    await registerActivatedAs(page, invited, 'Ivy', 'Invitee');
    await signInAs(page, invited, path);
    await expect(page.getByText('Invitation accepted')).toBeVisible();
  });

  await test.step("the invited person is among the group's members", async () => {
    await page.goto(group.path);
    await settle(page);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const board = page.getByRole('region', { name: 'Leaderboard' });
    await expect(board.getByText('Ivy Invitee')).toBeVisible();
    await expect(board.getByText('Ines Inviter')).toBeVisible();
    // A member who is not an admin sees no invite panel.
    await expect(page.getByRole('region', { name: 'Invite people' })).toHaveCount(0);
  });
});

import {
  actAs,
  DEMO,
  expectAccessible,
  journeySetUp,
  registerActivated,
  settle,
  signInAs,
  signOut,
  toast,
} from './support/app';
import { expect, isPhone, type Page, test, widthProblem } from './support/test';

/**
 * Messages (issue "Groups, invitations and joins, and messages"): a newly registered donor finds
 * River Trust by name and writes to it; the charity's admin, acting as River Trust, reads it in the
 * charity's inbox and replies; the donor sees the unread count in the navigation and the thread.
 * On the way: a draft, the archive with its confirm dialog, and axe on every new screen.
 */

journeySetUp(180_000);

/** The main navigation, opened from the burger first on a phone. */
async function mainNav(page: Page) {
  if (!isPhone()) return page.getByRole('navigation', { name: 'Main' });
  await page.getByRole('button', { name: 'Open navigation' }).click();
  return page.getByRole('navigation', { name: 'Main menu' });
}

async function pickRecipient(page: Page, text: string, option: string) {
  await page.getByPlaceholder('Start typing a name').fill(text);
  await page.getByRole('option', { name: option }).click();
}

test('a donor writes to a charity, the charity replies, the donor reads the thread', async ({ page }) => {
  const subject = `Volunteering in June ${Date.now()}`;
  const email = await registerActivated(page, 'messages', 'Robin', 'Writer');
  await signInAs(page, email);

  // An empty inbox says so.
  await (await mainNav(page)).getByRole('link', { name: 'Messages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByText('No messages yet. When someone writes to you, it shows here.')).toBeVisible();
  await expectAccessible(page, 'an empty inbox');

  // A draft first: kept in Drafts, then sent from there.
  await page.getByRole('link', { name: 'Write a message' }).first().click();
  await expect(page.getByRole('heading', { name: 'New message' })).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Choose who to write to.')).toBeVisible();
  await expectAccessible(page, 'compose with errors');
  await pickRecipient(page, 'River Tr', 'River Trust (charity)');
  await page.getByLabel('Subject').fill(subject);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page, 'Draft saved')).toBeVisible();
  await expect(page).toHaveURL(/\/messages\/drafts$/);
  await expectAccessible(page, 'drafts');
  await page.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { name: 'Edit draft' })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Hello River Trust,\nCan I help at the June clean-up?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(toast(page, 'Message sent')).toBeVisible();
  await expect(page).toHaveURL(/\/messages\/sent$/);
  await expect(page.getByRole('link', { name: subject })).toBeVisible();
  await expectAccessible(page, 'sent');
  await signOut(page);

  // The charity's admin reads it in River Trust's mailbox and replies.
  await signInAs(page, DEMO.charity);
  await actAs(page, 'River Trust', 'charity');
  await (await mainNav(page)).getByRole('link', { name: /^Messages/ }).click();
  await expect(page.getByText('Messages of River Trust (charity)')).toBeVisible();
  await page.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.getByText('Can I help at the June clean-up?')).toBeVisible();
  await expectAccessible(page, 'a thread');
  await page.getByLabel('Your reply').fill('Yes please, Robin! We meet at 9am by the footbridge.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(page, 'Reply sent')).toBeVisible();
  await expect(page.getByText('We meet at 9am by the footbridge.')).toBeVisible();
  await signOut(page);

  // The donor sees the unread count in the navigation, then the thread; reading clears it.
  await signInAs(page, email);
  const nav = await mainNav(page);
  await expect(nav.getByRole('link', { name: 'Messages (1 unread)' })).toBeVisible();
  await nav.getByRole('link', { name: /^Messages/ }).click();
  await expect(page.getByRole('link', { name: 'Inbox (1 unread)' })).toBeVisible();
  await page.getByRole('link', { name: `Re: ${subject}` }).click();
  const conversation = page.getByRole('list', { name: 'Conversation' });
  await expect(conversation.getByRole('listitem')).toHaveCount(2);
  await expect(conversation.getByText('Can I help at the June clean-up?')).toBeVisible();
  await expect(conversation.getByText('We meet at 9am by the footbridge.')).toBeVisible();
  await expect((await mainNav(page)).getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  if (isPhone()) await page.keyboard.press('Escape');

  // Archive asks first; the message then waits in Archive.
  await page.getByRole('button', { name: 'Archive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Archive this message?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'the archive confirm dialog');
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(toast(page, 'Message archived')).toBeVisible();
  await page.getByRole('link', { name: 'Archive' }).click();
  await expect(page.getByRole('link', { name: `Re: ${subject}` })).toBeVisible();
  await expectAccessible(page, 'the archive');
});

test('the demo donor’s messages fit a 320 px phone', async ({ page }) => {
  // A walk at phone size: the phone project's to run (the desktop one would repeat it at 320 px).
  test.skip(!isPhone(), 'a walk at phone size, run by the phone project');
  await page.setViewportSize({ width: 320, height: 640 });
  await signInAs(page, DEMO.donor);
  for (const path of [
    '/messages',
    '/messages/sent',
    '/messages/drafts',
    '/messages/archive',
    '/messages/new',
  ]) {
    await page.goto(path);
    await settle(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    expect(await widthProblem(page), `${path} at 320 px`).toBeUndefined();
    await expectAccessible(page, `${path} at 320 px`, { atPhoneSize: true });
  }
  await page.goto('/messages/sent');
  await page.getByRole('link', { name: 'Volunteering on the riverbank', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(3);
  expect(await widthProblem(page), 'a thread at 320 px').toBeUndefined();
  await expectAccessible(page, 'a thread at 320 px', { atPhoneSize: true });
});

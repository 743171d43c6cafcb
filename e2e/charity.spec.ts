import {
  apiGet,
  apiToken,
  DEMO,
  DEMO_PASSWORD,
  expectAccessible,
  freshEmail,
  mailTo,
  openMainLink,
  outbox,
  signInAs,
  signOut,
  toast,
} from './support/app';
import { expect, type Locator, type Page, test } from './support/test';

/**
 * Charity administration end to end (issue 4 §3 and §4): the demo charity admin creates a project
 * with needs, publishes, extends, posts an update, sees it on the public page, manages the gallery
 * and documents, completes it, then clones and cancels a copy; a newly registered person applies
 * to add a charity and a platform admin accepts it (and rejects another with a reason).
 */

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface ProjectBody {
  id: number;
  title: string;
  status: number;
  end_date: string | null;
  funds_target: number | null;
  volunteering_hours: number | null;
  volunteering_end: string | null;
  skill_needs: Array<{ type: number; hours: number }>;
  gift_needs: Array<{ type: number; description: string; quantity: number }>;
}

/** A calendar date `days` from today: ISO and as typed in the date inputs (mm/dd/yy). */
function dayFromNow(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  const iso = date.toISOString().slice(0, 10);
  const [year, month, day] = iso.split('-');
  return { iso, input: `${month}/${day}/${year?.slice(2)}` };
}

/** A toast (Mantine notification, role alert) whose title is `title`. */

/** Confirms the open confirm dialog with its button `label`. */
async function confirmDialog(page: Page, title: string, label: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Presses one of the project's actions (an action bar button) and confirms it in its dialog. */
async function projectAction(page: Page, button: string, question: string, confirm: string) {
  await page.getByRole('group', { name: 'Project actions' }).getByRole('button', { name: button }).click();
  await confirmDialog(page, question, confirm);
}

/** Types a date into a date input (mm/dd/yy) and leaves the field. */
async function typeDate(input: Locator, text: string) {
  await input.fill(text);
  await input.press('Tab');
}

function projectIdOf(page: Page): number {
  const match = /\/charity\/projects\/(\d+)/.exec(page.url());
  expect(match, 'a project URL').not.toBeNull();
  return Number((match as RegExpExecArray)[1]);
}

async function expectStatus(page: Page, label: string) {
  await expect(
    page.locator('main .mantine-Badge-root').filter({ hasText: new RegExp(`^${label}$`, 'i') }),
  ).toBeVisible();
}

/** The activation link of a new account's mail, as a path. */
async function activationPath(address: string): Promise<string> {
  const mail = await mailTo(address);
  expect(mail.subject).toBe('Activate your Kindred account');
  const match = /https?:\/\/\S+\/activate\/\S+/.exec(mail.text);
  expect(match, 'an /activate/ link in the mail').not.toBeNull();
  return new URL((match as RegExpExecArray)[0]).pathname;
}

/** Waits for a mail to an address with this subject. */
async function mailFor(address: string, subject: string) {
  let found: Awaited<ReturnType<typeof outbox>>[number] | undefined;
  await expect
    .poll(
      async () => {
        found = (await outbox()).find((mail) => mail.to.includes(address) && mail.subject === subject);
        return found !== undefined;
      },
      { message: `a mail "${subject}" to ${address}` },
    )
    .toBe(true);
  return found as NonNullable<typeof found>;
}

/** Registers and activates a person through the API. */
async function activatedUser(page: Page, prefix: string) {
  const email = freshEmail(prefix);
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: DEMO_PASSWORD, first_name: 'Morgan', last_name: 'Founder' },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const activated = await page.request.get(`/api/auth${await activationPath(email)}`);
  expect(activated.status(), await activated.text()).toBe(200);
  return email;
}

// Long journeys: each screen is also checked with axe.
test.describe.configure({ timeout: 150_000 });

test('the charity admin creates a project with needs, publishes, extends, updates, completes it, publishes its impact, then clones and cancels a copy', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const title = `Riverside litter pick ${stamp}`;
  const end = dayFromNow(60);
  const later = dayFromNow(90);
  const token = await apiToken(page.request, DEMO.charity);

  await signInAs(page, DEMO.charity);

  await test.step('the charity area: profile, members, projects, funds and requests', async () => {
    await openMainLink(page, 'Charity');
    await expect(page.getByRole('heading', { level: 1, name: 'River Trust' })).toBeVisible();
    await expect(page.getByLabel('Charity name')).toHaveValue('River Trust');
    await expectAccessible(page, 'charity profile');

    const sections = page.getByRole('navigation', { name: 'Charity sections' });
    await sections.getByRole('link', { name: 'Members' }).click();
    await expect(page.getByRole('cell', { name: 'charity@example.org' })).toBeVisible();
    await expectAccessible(page, 'charity members');

    await sections.getByRole('link', { name: 'Funds' }).click();
    await expect(page.getByText('Charity funds', { exact: true })).toBeVisible();
    await expectAccessible(page, 'charity funds');

    await sections.getByRole('link', { name: 'Association requests' }).click();
    await expect(page.getByText(/No project is asking River Trust/)).toBeVisible();
    await expectAccessible(page, 'association requests');

    await sections.getByRole('link', { name: 'Projects' }).click();
    await expect(page.getByRole('tab', { name: 'Live', selected: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Live projects' })).toBeVisible();
    await page.getByRole('tab', { name: 'Draft' }).click();
    await expect(page.getByRole('table', { name: 'Draft projects' })).toBeVisible();
    await expectAccessible(page, 'charity projects');
  });

  await test.step('create a project with an end date and every kind of need', async () => {
    await page.getByRole('link', { name: 'New project' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New project' })).toBeVisible();
    const form = page.getByRole('form', { name: 'New project' });

    // Nothing typed: the title is required and nothing is sent.
    await form.getByRole('button', { name: 'Create project' }).click();
    await expect(form.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Summary').fill('Clearing litter from the river banks with volunteers.');
    await form
      .getByLabel('Description')
      .fill('Every month we clear the banks of the Avon. Join us, or help buy kit.');
    await form.getByRole('checkbox', { name: 'Environment and Conservation' }).check();
    await typeDate(form.getByLabel('End date', { exact: true }), end.input);
    await expect(form.getByLabel('End date', { exact: true })).toHaveValue(end.input);

    await form.getByLabel('Funds target').fill('2,500.50');
    await form.getByLabel('Volunteering hours').fill('30');
    // The blank volunteering end stands for the project end date, shown as a tooltip.
    await form.getByLabel('Volunteering ends', { exact: true }).hover();
    await expect(page.getByRole('tooltip')).toContainText(`project end date (${end.input})`);
    await expect(form.getByLabel('Volunteering ends', { exact: true })).toHaveAttribute(
      'placeholder',
      end.input,
    );

    await form.getByRole('button', { name: 'Add skilled need' }).click();
    const skill = form.getByRole('group', { name: 'Skilled need 1' });
    await skill.getByLabel('Skill', { exact: true }).selectOption({ label: 'IT/Tech' });
    await skill.getByLabel('Hours').fill('12');
    await form.getByRole('button', { name: 'Add gift need' }).click();
    const gift = form.getByRole('group', { name: 'Gift need 1' });
    await gift.getByLabel('Gift type').selectOption({ label: 'Technology' });
    await gift.getByLabel('Description', { exact: true }).fill('Laptops for the volunteer rota');
    await gift.getByLabel('Quantity').fill('3');
    await expectAccessible(page, 'new project');

    await form.getByRole('button', { name: 'Create project' }).click();
    await expect(toast(page, 'Project created')).toBeVisible();
    await expect(page).toHaveURL(/\/charity\/projects\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectStatus(page, 'Draft');

    const saved = await apiGet<ProjectBody>(page, token, `/project/${projectIdOf(page)}`);
    expect(saved).toMatchObject({
      title,
      status: 1,
      end_date: end.iso,
      funds_target: 250_050,
      volunteering_hours: 30,
      // Left blank: the project end date.
      volunteering_end: end.iso,
      skill_needs: [{ type: 6, hours: 12 }],
      gift_needs: [{ type: 1, description: 'Laptops for the volunteer rota', quantity: 3 }],
    });
    await expectAccessible(page, 'project editor');
  });

  await test.step('publish, then extend the end date', async () => {
    await page
      .getByRole('form', { name: 'Project details' })
      .getByRole('button', { name: 'Publish' })
      .click();
    await confirmDialog(page, 'Publish this project?', 'Publish');
    await expect(toast(page, 'Project published')).toBeVisible();
    await expectStatus(page, 'Live');

    await page
      .getByRole('group', { name: 'Project actions' })
      .getByRole('button', { name: 'Extend' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Extend the project' });
    await typeDate(dialog.getByLabel('New end date', { exact: true }), later.input);
    await dialog.getByRole('button', { name: 'Extend', exact: true }).click();
    await expect(toast(page, 'Project extended')).toBeVisible();
    await expect(dialog).toBeHidden();
    const extended = await apiGet<ProjectBody>(page, token, `/project/${projectIdOf(page)}`);
    expect(extended).toMatchObject({ status: 2, end_date: later.iso });
  });

  await test.step('post an update', async () => {
    await page.getByRole('tab', { name: 'Updates' }).click();
    const form = page.getByRole('form', { name: 'Post an update' });
    await form.getByLabel('Update title').fill('First clean-up done');
    await form.getByLabel('Update', { exact: true }).fill('Twenty volunteers filled forty bags on Saturday.');
    await form.getByRole('button', { name: 'Post update' }).click();
    await expect(toast(page, 'Update posted')).toBeVisible();
    await expect(page.getByRole('article', { name: 'First clean-up done' })).toBeVisible();
    await expectAccessible(page, 'project updates');
  });

  await test.step('gallery and documents: upload with progress, delete with a confirm', async () => {
    await page.getByRole('tab', { name: 'Gallery and documents' }).click();
    await expect(page.getByText('No pictures yet.')).toBeVisible();
    await page
      .getByLabel('Gallery image file')
      .setInputFiles({ name: 'bank.png', mimeType: 'image/png', buffer: PNG });
    await expect(toast(page, 'Picture added')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Gallery picture 1' })).toBeVisible();

    await page.getByLabel('Project document file').setInputFiles({
      name: 'risk-assessment.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Wear gloves. Stay away from the edge.\n'),
    });
    await expect(toast(page, 'Document added')).toBeVisible();
    await expect(page.getByRole('link', { name: 'risk-assessment.txt' })).toBeVisible();
    await expectAccessible(page, 'gallery and documents');

    await page.getByRole('button', { name: 'Delete risk-assessment.txt' }).click();
    await confirmDialog(page, 'Delete this document?', 'Delete document');
    await expect(toast(page, 'Document deleted')).toBeVisible();
    await expect(page.getByText('No documents yet.')).toBeVisible();
  });

  await test.step('the public page shows the live project and its update', async () => {
    const id = projectIdOf(page);
    await page.getByRole('link', { name: 'View public page' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('First clean-up done')).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  await test.step('complete', async () => {
    await projectAction(page, 'Complete', 'Complete this project?', 'Complete project');
    await expect(toast(page, 'Project completed')).toBeVisible();
    await expectStatus(page, 'Completed');
  });

  await test.step('publish the impact statement, with a picture: the project is Finished', async () => {
    await page.getByRole('tab', { name: 'Impact' }).click();
    const form = page.getByRole('form', { name: 'Publish an impact statement' });
    await form.getByLabel('Statement title').fill('Two kilometres of clean banks');
    await form
      .getByLabel('Impact', { exact: true })
      .fill('We removed 400 kg of litter and planted 50 trees.');
    await form.getByLabel('People helped').fill('1200');
    await form.getByRole('button', { name: 'Publish statement' }).click();
    await confirmDialog(page, 'Publish the impact statement?', 'Publish statement');
    await expect(toast(page, 'Impact statement published')).toBeVisible();
    await expectStatus(page, 'Finished');
    await page.getByRole('tab', { name: 'Impact' }).click();
    const statement = page.getByRole('article', { name: 'Two kilometres of clean banks' });
    await expect(statement).toContainText('1,200 people helped');
    await statement
      .getByLabel('Impact picture file')
      .setInputFiles({ name: 'trees.png', mimeType: 'image/png', buffer: PNG });
    await expect(toast(page, 'Picture added')).toBeVisible();
    await expect(
      statement.getByRole('img', { name: 'Picture 1 of Two kilometres of clean banks' }),
    ).toBeVisible();
    await expectAccessible(page, 'project impact');
  });

  await test.step('clone it, then cancel the copy', async () => {
    const originalId = projectIdOf(page);
    await projectAction(page, 'Clone', 'Clone this project?', 'Clone');
    await expect(toast(page, 'Project cloned')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Copy of ${title}` })).toBeVisible();
    expect(projectIdOf(page)).not.toBe(originalId);
    await expectStatus(page, 'Draft');

    await projectAction(page, 'Cancel project', 'Cancel this project?', 'Cancel project');
    await expect(toast(page, 'Project cancelled')).toBeVisible();
    await expectStatus(page, 'Cancelled');
    const cancelled = await apiGet<ProjectBody>(page, token, `/project/${projectIdOf(page)}`);
    expect(cancelled.status).toBe(0);

    await page.goto('/charity/projects?status=cancelled');
    await expect(page.getByRole('link', { name: `Copy of ${title}` })).toBeVisible();
  });
});

test('a new person registers a charity, a platform admin accepts it and rejects another with a reason', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const name = `Canal Friends ${stamp}`;
  const other = `Towpath Trust ${stamp}`;
  const email = await activatedUser(page, 'charity-applicant');

  await test.step('with no charity, the charity area offers registration', async () => {
    await signInAs(page, email, '/charity');
    await expect(page.getByText('You are not a member of any charity yet.')).toBeVisible();
    await expectAccessible(page, 'charity area without a charity');
    await page.getByRole('link', { name: 'Register your charity' }).click();
    await expect(page).toHaveURL(/\/charity\/register$/);
  });

  await test.step('a platform-admin screen is closed to the applicant', async () => {
    await page.goto('/admin/charities');
    await expect(page.getByText('This area is for platform admins only.')).toBeVisible();
    await page.goto('/charity/register');
  });

  await test.step('register the charity at /charity/register', async () => {
    const form = page.getByRole('form', { name: 'Register a charity' });
    await expect(page.getByRole('heading', { level: 1, name: 'Register a charity' })).toBeVisible();
    await expectAccessible(page, 'charity registration');

    await form.getByRole('button', { name: 'Apply to register' }).click();
    await expect(form.getByLabel('Charity name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Choose at least one type.')).toBeVisible();

    await form.getByLabel('Charity name').fill(name);
    await form.getByLabel('Registered charity number').fill('1234567');
    await form.getByRole('checkbox', { name: 'Environment and Conservation' }).check();
    await form.getByRole('checkbox', { name: 'Community' }).check();
    await form.getByLabel('Description').fill('Volunteers caring for the Kennet and Avon canal.');
    await form.getByLabel('Website').fill('canalfriends.org.uk');
    await form.getByLabel('Email').fill(`hello-${stamp}@canalfriends.org.uk`);
    await form.getByLabel('Phone').fill('0117 496 0000');
    await form.getByLabel('Region').selectOption({ label: 'South West' });
    await form.getByRole('combobox', { name: 'Town' }).fill('Bris');
    await page.getByRole('option', { name: 'Bristol', exact: true }).click();
    await expect(form.getByRole('combobox', { name: 'Town' })).toHaveValue('Bristol');
    await form.getByLabel('Post code').fill('BS1 4DJ');
    await form.getByRole('button', { name: 'Apply to register' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Charity registered' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Waiting for approval' })).toContainText(name);
    await expectAccessible(page, 'charity registered');

    await page.getByRole('link', { name: 'Go to your charity' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Pending approval')).toBeVisible();
    await expect(page.getByLabel('Charity name')).toHaveValue(name);
    // The stored town comes back with its region, ready to be changed.
    await expect(page.getByLabel('Region').locator('option:checked')).toHaveText('South West');
    await expect(page.getByRole('combobox', { name: 'Town' })).toHaveValue('Bristol');
    await expectAccessible(page, 'pending charity');
  });

  await test.step('a second application, made through the API', async () => {
    const token = await apiToken(page.request, email);
    const response = await page.request.post('/api/user/add/charity', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: other, charity_types: [5], description: 'Towpath repairs.' },
    });
    expect(response.status(), await response.text()).toBe(201);
  });

  await signOut(page);
  await signInAs(page, DEMO.admin);

  await test.step('the platform admin accepts the first at /admin/charities', async () => {
    await page.goto('/admin/charities');
    await expect(page.getByRole('heading', { level: 1, name: 'Charity approvals' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Pending', selected: true })).toBeVisible();
    const card = page.getByRole('article', { name });
    await expect(card).toContainText('Charity number 1234567');
    await expectAccessible(page, 'admin charities');

    await card.getByRole('button', { name: `Accept ${name}` }).click();
    await confirmDialog(page, `Accept ${name}?`, 'Accept charity');
    await expect(toast(page, 'Charity approved')).toBeVisible();
    await expect(card).toBeHidden();

    await page.getByRole('tab', { name: 'Approved' }).click();
    await expect(page.getByRole('article', { name })).toBeVisible();

    const mail = await mailFor(email, `${name} is approved on Kindred`);
    expect(mail.text).toContain(`Good news: ${name} is approved.`);
  });

  await test.step('and rejects the second, with a reason (required)', async () => {
    await page.getByRole('tab', { name: 'Pending' }).click();
    await page
      .getByRole('article', { name: other })
      .getByRole('button', { name: `Reject ${other}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Reject ${other}?` });
    await dialog.getByRole('button', { name: 'Reject charity' }).click();
    await expect(dialog.getByText('Say why the charity is rejected.')).toBeVisible();
    await expect(dialog.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'reject dialog');
    await dialog.getByLabel('Reason').fill('We could not find this charity on the register.');
    await dialog.getByRole('button', { name: 'Reject charity' }).click();
    await expect(toast(page, 'Charity rejected')).toBeVisible();
    await page.getByRole('tab', { name: 'Rejected' }).click();
    await expect(page.getByRole('article', { name: other })).toContainText(
      'We could not find this charity on the register.',
    );
  });

  await test.step("the applicant's outbox has the rejection, with its reason", async () => {
    const mail = await mailFor(email, `${other} was not approved on Kindred`);
    expect(mail.text).toContain('We could not find this charity on the register.');
  });
});

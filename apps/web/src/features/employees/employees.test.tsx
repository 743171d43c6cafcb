import type { BusinessMember, CsvUploadReport, EmployeeGroup } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { errorResponse, jsonResponse, stubFetch } from '@/testing/http';
import { bodyOf, businessMemberFixture } from '@/testing/organisation';
import { renderRoutes } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { CsvOnboardingSection, onboardingTemplate } from './components/csv-onboarding';
import { EmployeeGroupsSection } from './components/employee-groups';

const GROUPS: EmployeeGroup[] = [
  {
    id: 1,
    business_id: 5,
    name: 'Engineering',
    description: 'Builders',
    sub_groups: [{ id: 10, group_id: 1, name: 'Platform', description: null, member_count: 1 }],
  },
];
const member = (id: number, first: string): BusinessMember =>
  businessMemberFixture(id, first, { joined_at: '2030-01-01T00:00:00.000Z' });

describe('employee groups', { timeout: 30_000 }, () => {
  signedInForEachTest();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows groups with sub-groups; adds a group and a member of the organisation', async () => {
    const mock = stubFetch({
      'GET /api/business/5/employees-group': () => jsonResponse({ items: GROUPS }),
      'GET /api/business/5/members': () => jsonResponse({ items: [member(7, 'Dana'), member(9, 'Eve')] }),
      'GET /api/business/5/employees-group/1/10/users': () =>
        jsonResponse({
          items: [
            {
              user_id: 7,
              first_name: 'Dana',
              last_name: 'Smith',
              email: 'dana@example.org',
              admin_type: 99,
              added_at: '2030-01-01T00:00:00.000Z',
            },
          ],
        }),
      'POST /api/business/5/employees-group': () => jsonResponse({ ...GROUPS[0], id: 2, name: 'Sales' }, 201),
      'POST /api/business/5/employees-group/1/10/users': () => jsonResponse({ message: '1 person added' }),
    });
    renderRoutes([
      { path: '/', element: <EmployeeGroupsSection businessId={5} businessName="Acme Ltd" canManage /> },
    ]);
    expect(await screen.findByRole('heading', { name: 'Engineering' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Platform/ }));
    expect(await screen.findByText('dana@example.org')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Add a member to Platform'), '9');
    await userEvent.click(screen.getByRole('button', { name: 'Add to Platform' }));
    await waitFor(() =>
      expect(bodyOf(mock, '/api/business/5/employees-group/1/10/users')).toEqual({ user_ids: [9] }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New employee group' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Sales');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(bodyOf(mock, '/api/business/5/employees-group')).toEqual({ name: 'Sales', description: null }),
    );
  });

  it('shows a refused addition above the sub-group, with no toast that fades', async () => {
    stubFetch({
      'GET /api/business/5/employees-group': () => jsonResponse({ items: GROUPS }),
      'GET /api/business/5/members': () => jsonResponse({ items: [member(7, 'Dana'), member(9, 'Eve')] }),
      'GET /api/business/5/employees-group/1/10/users': () => jsonResponse({ items: [] }),
      'POST /api/business/5/employees-group/1/10/users': () =>
        errorResponse(422, 'NOT_MEMBERS', 'Not members of Acme Ltd: 9.'),
    });
    renderRoutes([
      { path: '/', element: <EmployeeGroupsSection businessId={5} businessName="Acme Ltd" canManage /> },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: /Platform/ }));
    expect(await screen.findByText('Nobody is in Platform yet.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Add a member to Platform'), '9');
    await userEvent.click(screen.getByRole('button', { name: 'Add to Platform' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toContain('Eve Smith was not added');
    expect(refusal.textContent).toContain('Not members of Acme Ltd: 9.');
    expect(screen.queryByText('Added to the sub-group')).not.toBeInTheDocument();
    // The choice stays, ready to try again.
    expect(screen.getByLabelText('Add a member to Platform')).toHaveValue('9');
  });

  it('shows members without changes to those who cannot manage them', async () => {
    stubFetch({
      'GET /api/business/5/employees-group': () => jsonResponse({ items: GROUPS }),
      'GET /api/business/5/members': () => jsonResponse({ items: [] }),
    });
    renderRoutes([
      {
        path: '/',
        element: <EmployeeGroupsSection businessId={5} businessName="Acme Ltd" canManage={false} />,
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Engineering' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename Engineering' })).not.toBeInTheDocument();
  });
});

describe('CSV onboarding', { timeout: 30_000 }, () => {
  signedInForEachTest();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('offers a template with the columns, uploads a file and shows what happened to each row', async () => {
    expect(onboardingTemplate().split('\n')[0]).toBe(
      'email,first_name,last_name,employee_group,sub_group,admin_type',
    );
    const report: CsvUploadReport = {
      rows: [
        { row: 2, email: 'ada@example.org', outcome: 'created', error: null },
        { row: 3, email: 'bad', outcome: 'error', error: 'The email is not valid.' },
      ],
      totals: { created: 1, invited: 0, already_member: 0, already_invited: 0, error: 1 },
    };
    const upload = vi.spyOn(api, 'upload').mockResolvedValue(report);
    stubFetch({});
    renderRoutes([{ path: '/', element: <CsvOnboardingSection businessId={5} businessName="Acme Ltd" /> }]);
    const file = new File(['email\nada@example.org\nbad\n'], 'people.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Employees file'), file);
    expect(await screen.findByText('The email is not valid.')).toBeInTheDocument();
    expect(upload.mock.calls[0]?.[0]).toBe('/business/5/csv_upload');
    expect(screen.getByTestId('csv-total-created').textContent).toBe('1');
    expect(screen.getByTestId('csv-total-error').textContent).toBe('1');
  });
});

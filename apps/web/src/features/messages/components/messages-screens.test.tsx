import type { Message } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '@/entities/session';
import { MINUTE, makeLogin } from '@/testing/fixtures';
import { jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { sessionClearedAfterEachTest } from '@/testing/session';
import { ComposeScreen } from './compose';
import { ArchiveSection, DraftsSection, InboxSection, SentSection } from './folder-list';
import { MessagesLayout } from './messages-layout';
import { ThreadView } from './thread-view';

const me = { type: 1, id: 7, name: 'Dana Donor', picture: null };
const trust = { type: 3, id: 3, name: 'River Trust', picture: null };

const message = (overrides: Partial<Message> = {}): Message => ({
  id: 40,
  thread_id: 40,
  sender: trust,
  recipient: me,
  subject: 'Thank you',
  body: 'Thank you for your gift.\nIt helps.',
  status: 2,
  direction: 'in',
  is_read: false,
  sent_at: '2029-12-30T10:00:00.000Z',
  updated_at: '2029-12-30T10:00:00.000Z',
  ...overrides,
});

const page = (items: Message[]) => ({ items, next_cursor: null, prev_cursor: null });
const mailboxes = (unread: number) => ({
  items: [{ owner_type: 1, owner_id: 7, name: 'Dana Donor', unread_messages: unread }],
  unread_messages: unread,
});

function signIn() {
  session.signIn(
    makeLogin(Date.now() + 60 * MINUTE, {
      charity_membership: [{ charity_id: 3, name: 'River Trust', admin_type: 1, permissions: [] }],
    }),
  );
}

function renderMessages(path: string) {
  return renderRoutes(
    [
      {
        path: '/messages',
        element: <MessagesLayout />,
        children: [
          { index: true, element: <InboxSection /> },
          { path: 'sent', element: <SentSection /> },
          { path: 'drafts', element: <DraftsSection /> },
          { path: 'archive', element: <ArchiveSection /> },
          { path: 'new', element: <ComposeScreen /> },
          { path: ':id', element: <ThreadView /> },
        ],
      },
    ],
    path,
  );
}

const bodyOf = (mock: ReturnType<typeof stubFetch>, path: string) => {
  const call = mock.mock.calls.find(
    (c) => new URL(String(c[0]), 'http://x').pathname === path && (c[1] as RequestInit | undefined)?.body,
  );
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
};

describe('messages', { timeout: 30_000 }, () => {
  sessionClearedAfterEachTest();

  it('lists the inbox with unread marks, and says when a folder is empty', async () => {
    signIn();
    stubFetch({
      'GET /api/message/mailboxes': () => jsonResponse(mailboxes(1)),
      'GET /api/message/get_all_inbox/1/7': () => jsonResponse(page([message()])),
      'GET /api/message/get_all_sent/1/7': () => jsonResponse(page([])),
    });
    renderMessages('/messages');
    const link = await screen.findByRole('link', { name: 'Thank you' });
    expect(link).toHaveAttribute('href', '/messages/40');
    expect(screen.getByText('From River Trust')).toBeInTheDocument();
    expect(screen.getByText('Unread')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Inbox (1 unread)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sent' }));
    expect(await screen.findByText('You have not sent any messages yet.')).toBeInTheDocument();
  });

  it('reads the mailbox of the charity the person acts as', async () => {
    signIn();
    session.setActiveAccount({ type: 'charity', id: 3 });
    const mock = stubFetch({
      'GET /api/message/mailboxes': () => jsonResponse(mailboxes(0)),
      'GET /api/message/get_all_inbox/3/3': () => jsonResponse(page([])),
    });
    renderMessages('/messages');
    expect(
      await screen.findByText('No messages yet. When someone writes to you, it shows here.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Messages of River Trust (charity)')).toBeInTheDocument();
    expect(mock.mock.calls.some((c) => String(c[0]).includes('/api/message/get_all_inbox/3/3'))).toBe(true);
  });

  it('shows a thread, marks what was unread as read, and sends a reply', async () => {
    signIn();
    const reply = message({
      id: 41,
      sender: me,
      recipient: trust,
      direction: 'out',
      is_read: true,
      body: 'Glad to help.',
    });
    const mock = stubFetch({
      'GET /api/message/mailboxes': () => jsonResponse(mailboxes(1)),
      'GET /api/message/get/1/7/40': () => jsonResponse(message()),
      'GET /api/replay/get/1/7/40': () => jsonResponse(page([message()])),
      'POST /api/message/mark_read': () => jsonResponse({ unread_messages: 0 }),
      'POST /api/message/reply': () => jsonResponse(reply, 201),
    });
    renderMessages('/messages/40');
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
    const conversation = await screen.findByRole('list', { name: 'Conversation' });
    expect(within(conversation).getByText(/Thank you for your gift/)).toBeInTheDocument();
    await waitFor(() =>
      expect(bodyOf(mock, '/api/message/mark_read')).toEqual({
        owner_type: 1,
        owner_id: 7,
        message_ids: [40],
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Write a reply.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Your reply/), 'Glad to help.');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(bodyOf(mock, '/api/message/reply')).toEqual({
        owner_type: 1,
        owner_id: 7,
        message_id: 40,
        body: 'Glad to help.',
      }),
    );
  });

  it('archives a message after asking', async () => {
    signIn();
    const mock = stubFetch({
      'GET /api/message/mailboxes': () => jsonResponse(mailboxes(0)),
      'GET /api/message/get_all_inbox/1/7': () => jsonResponse(page([message({ is_read: true })])),
      'DELETE /api/message/archive/1/7/40': () => jsonResponse(message({ status: 9 })),
    });
    renderMessages('/messages');
    await userEvent.click(await screen.findByRole('button', { name: 'Archive “Thank you”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive this message?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(mock.mock.calls.some((c) => (c[1] as RequestInit | undefined)?.method === 'DELETE')).toBe(true),
    );
  });

  it('writes to a recipient found by name, checks the fields first, and saves a draft', async () => {
    signIn();
    const mock = stubFetch({
      'GET /api/message/mailboxes': () => jsonResponse(mailboxes(0)),
      'GET /api/message/recipients': () => jsonResponse({ items: [{ ...trust, detail: 'Charity' }] }),
      'POST /api/message/create': () => jsonResponse(message({ status: 1, direction: 'out' }), 201),
      'GET /api/message/get_all_draft/1/7': () => jsonResponse(page([])),
    });
    const { router } = renderMessages('/messages/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Choose who to write to.')).toBeInTheDocument();
    expect(screen.getByText('Enter a subject.')).toBeInTheDocument();
    expect(screen.getByText('Write a message.')).toBeInTheDocument();

    // Names are found by the start of their words ("riv tr" finds River Trust), and the hint says so.
    expect(screen.getByText(/type the start of the name or of any word in it/)).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Start typing a name'), 'river');
    await userEvent.click(await screen.findByRole('option', { name: 'River Trust (charity)' }));
    await userEvent.type(screen.getByLabelText(/Subject/), 'June volunteering');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(bodyOf(mock, '/api/message/create')).toEqual({
        owner_type: 1,
        owner_id: 7,
        recipient_type: 3,
        recipient_id: 3,
        subject: 'June volunteering',
        body: '',
        status: 1,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/drafts'));
  });
});

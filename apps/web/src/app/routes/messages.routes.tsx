import type { RouteObject } from 'react-router';

const screens = () => import('@/features/messages');

/** Messages (signed in): the folders of the active account's mailbox, a thread, compose. */
export const messagesRoutes: RouteObject[] = [
  {
    path: 'messages',
    lazy: async () => ({ Component: (await screens()).MessagesLayout }),
    children: [
      { index: true, lazy: async () => ({ Component: (await screens()).InboxSection }) },
      { path: 'sent', lazy: async () => ({ Component: (await screens()).SentSection }) },
      { path: 'drafts', lazy: async () => ({ Component: (await screens()).DraftsSection }) },
      { path: 'archive', lazy: async () => ({ Component: (await screens()).ArchiveSection }) },
      { path: 'new', lazy: async () => ({ Component: (await screens()).ComposeScreen }) },
      { path: ':id', lazy: async () => ({ Component: (await screens()).ThreadView }) },
    ],
  },
];

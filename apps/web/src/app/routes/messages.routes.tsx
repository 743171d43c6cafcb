import type { RouteObject } from 'react-router';
import { lazyScreens } from './lazy-screens';

const screens = lazyScreens(() => import('@/features/messages'));

/** Messages (signed in): the folders of the active account's mailbox, a thread, compose. */
export const messagesRoutes: RouteObject[] = [
  {
    path: 'messages',
    lazy: screens('MessagesLayout'),
    children: [
      { index: true, lazy: screens('InboxSection') },
      { path: 'sent', lazy: screens('SentSection') },
      { path: 'drafts', lazy: screens('DraftsSection') },
      { path: 'archive', lazy: screens('ArchiveSection') },
      { path: 'new', lazy: screens('ComposeScreen') },
      { path: ':id', lazy: screens('ThreadView') },
    ],
  },
];

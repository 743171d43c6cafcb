export { getMailboxes } from './mailboxes-query';
export { type Folder, type FolderPosition, type MailboxRef, messageQueries } from './message-queries';
export { UNREAD_POLL_MS, useMailboxes, useUnreadMessages } from './use-unread';

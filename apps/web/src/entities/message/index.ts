export {
  type Folder,
  type FolderPosition,
  getMailboxes,
  type MailboxRef,
  messageQueries,
} from './message-queries';
export { UNREAD_POLL_MS, useMailboxes, useUnreadMessages } from './use-unread';

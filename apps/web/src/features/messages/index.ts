export { ComposeScreen } from './components/compose';
export { ArchiveSection, DraftsSection, InboxSection, SentSection } from './components/folder-list';
export { MessagesLayout } from './components/messages-layout';
export { ThreadView } from './components/thread-view';

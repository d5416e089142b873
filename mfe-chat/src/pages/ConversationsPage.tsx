import { Loader, PageHeader, useReplacesPrerenderedWhen } from '@skynet/kit';
import { ConversationList, NewMessageLink } from '../components/ConversationList';
import { ErrorLine } from '../components/ErrorLine';
import { useConversations } from '../hooks/useConversations';
import styles from './pages.module.css';

export const MESSAGES_TITLE = 'Messages';

/** /messages — one row per conversation, newest first, and the way to start one (New message). */
export default function ConversationsPage() {
  const conversations = useConversations();
  // The list drawn from the HTML (../prerender) stays until this page has the list, or an error, to show.
  const shown = conversations.status !== 'loading' || conversations.rows.length > 0;
  useReplacesPrerenderedWhen(shown);
  return (
    <div className={styles.list}>
      <PageHeader title={MESSAGES_TITLE}>
        <NewMessageLink />
      </PageHeader>
      {conversations.status === 'error' ? (
        <ErrorLine
          text="Your conversations could not be loaded."
          detail={conversations.error}
          onRetry={conversations.retry}
        />
      ) : conversations.status === 'loading' && conversations.rows.length === 0 ? (
        <Loader label="Loading conversations" />
      ) : (
        <ConversationList rows={conversations.rows} />
      )}
    </div>
  );
}

import { Loader, PageHeader } from '@skynet/kit';
import { ConversationList } from '../components/ConversationList';
import { ErrorLine } from '../components/ErrorLine';
import { useConversations } from '../hooks/useConversations';
import styles from './pages.module.css';

/** /messages — one row per conversation, newest first. */
export default function ConversationsPage() {
  const conversations = useConversations();
  return (
    <div className={styles.list}>
      <PageHeader title="Messages" />
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

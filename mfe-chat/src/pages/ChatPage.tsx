import { Loader } from '@skynet/kit';
import { useSession } from '@skynet/shared';
import { useParams } from 'react-router-dom';
import { ChatHeader } from '../components/ChatHeader';
import { ErrorLine } from '../components/ErrorLine';
import { MessageForm } from '../components/MessageForm';
import { MessageList } from '../components/MessageList';
import { useComposer } from '../hooks/useComposer';
import { useConversation } from '../hooks/useConversation';
import { usePartner } from '../hooks/usePartner';
import { useReadMark } from '../hooks/useReadMark';
import styles from './pages.module.css';

/** /messages/:id — the live conversation with the user of that id. */
export default function ChatPage() {
  const { id = '' } = useParams();
  // A new person is a new conversation: remount so nothing (state, room) carries over.
  return <Chat key={id} partnerId={id} />;
}

function Chat({ partnerId }: { partnerId: string }) {
  const { user } = useSession();
  const { partner, failed } = usePartner(partnerId);
  const conversation = useConversation(partnerId);
  const composer = useComposer(conversation.send);
  useReadMark(conversation.conversationId, conversation.messages, user?._id ?? null);
  const partnerName = partner?.userName ?? 'They';

  return (
    <div className={styles.chat}>
      <ChatHeader partnerId={partnerId} partner={partner} failed={failed} />
      {conversation.status === 'loading' && conversation.messages.length === 0 ? (
        <div className={styles.fill}>
          <Loader label="Loading messages" />
        </div>
      ) : conversation.status === 'error' ? (
        <div className={styles.fill}>
          <ErrorLine
            text="The messages could not be loaded."
            detail={conversation.error}
            onRetry={conversation.retry}
          />
        </div>
      ) : (
        <MessageList messages={conversation.messages} meId={user?._id ?? null} partnerName={partnerName} />
      )}
      <MessageForm composer={composer} />
    </div>
  );
}

import { Loader, safetyApi, useReplacesPrerenderedWhen } from '@skynet/kit';
import { useSession } from '@skynet/shared';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ChatActions } from '../components/ChatActions';
import { ChatHeader } from '../components/ChatHeader';
import headerStyles from '../components/ChatHeader.module.css';
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
  // Your standing with them (issue 31): GET /user/:id/relationship, then as the menu changes it.
  const [relationship, setRelationship] = useState<{ blocking: boolean; muting: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    safetyApi.relationship(partnerId).then(
      (value) => live && setRelationship(value),
      () => {}, // the menu starts from "neither"; a refused send says why
    );
    return () => {
      live = false;
    };
  }, [partnerId]);
  const [blockChange, setBlockChange] = useState<boolean | null>(null);
  const blocking = blockChange ?? relationship?.blocking ?? false;
  // The conversation drawn from the HTML (../prerender) stays until this page has the person and the messages (or
  // an error) to show.
  const shown =
    (partner !== null || failed) && (conversation.status !== 'loading' || conversation.messages.length > 0);
  useReplacesPrerenderedWhen(shown);

  return (
    <div className={styles.chat}>
      <ChatHeader
        partnerId={partnerId}
        partner={partner}
        failed={failed}
        actions={
          partner && !partner.deleted ? (
            <ChatActions
              partnerId={partnerId}
              partner={partner}
              blocking={blocking}
              muting={relationship?.muting ?? false}
              onBlocking={setBlockChange}
            />
          ) : null
        }
      />
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
      {blocking ? (
        <p className={headerStyles.blocked} role="status">
          You block @{partner?.userName}. Unblock them to send a message.
        </p>
      ) : (
        <MessageForm composer={composer} />
      )}
    </div>
  );
}

import { PageHeader } from '@skynet/shared';

export default function ChatPage() {
  return <PageHeader title="Chat" />;
}

import { PageHeader } from '@skynet/shared';

export default function ConversationsPage() {
  return <PageHeader title="Messages" />;
}

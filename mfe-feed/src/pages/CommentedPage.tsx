import { PageHeader } from '@skynet/shared';

export default function CommentedPage() {
  return <PageHeader title="Commented" />;
}

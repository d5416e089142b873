import { PageHeader } from '@skynet/shared';

export default function PostPage() {
  return <PageHeader title="Post" />;
}

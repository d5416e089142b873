import { PageHeader } from '@skynet/shared';

export default function CreatePostPage() {
  return <PageHeader title="Create Post" />;
}

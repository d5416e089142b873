import { PageHeader } from '@skynet/shared';

export default function LikedPage() {
  return <PageHeader title="Liked" />;
}

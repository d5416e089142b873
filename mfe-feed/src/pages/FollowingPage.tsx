import { PageHeader } from '@skynet/shared';

export default function FollowingPage() {
  return <PageHeader title="Following" />;
}

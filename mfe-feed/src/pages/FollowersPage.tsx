import { PageHeader } from '@skynet/shared';

export default function FollowersPage() {
  return <PageHeader title="Followers" />;
}

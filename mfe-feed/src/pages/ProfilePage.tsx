import { PageHeader } from '@skynet/shared';

export default function ProfilePage() {
  return <PageHeader title="My Profile" />;
}

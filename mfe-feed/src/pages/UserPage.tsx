import { PageHeader } from '@skynet/shared';

export default function UserPage() {
  return <PageHeader title="Profile" />;
}

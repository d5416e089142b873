import { PageHeader } from '@skynet/shared';

export default function ManageAccountPage() {
  return <PageHeader title="Manage Account" />;
}

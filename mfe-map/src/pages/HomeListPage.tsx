import { PageHeader } from '@skynet/shared';

export default function HomeListPage() {
  return <PageHeader title="Choose your planet" />;
}

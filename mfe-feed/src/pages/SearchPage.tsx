import { PageHeader } from '@skynet/shared';

export default function SearchPage() {
  return <PageHeader title="Search" />;
}

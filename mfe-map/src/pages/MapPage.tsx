import { PageHeader } from '@skynet/shared';

export default function MapPage() {
  return <PageHeader title="Home" />;
}

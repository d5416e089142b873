import { PageHeader } from '@skynet/shared';

export default function PlanetFeedPage() {
  return <PageHeader title="Planet" />;
}

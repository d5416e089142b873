import { PageHeader } from '@skynet/shared';

export default function GalaxyFeedPage() {
  return <PageHeader title="Galactic Feed" />;
}

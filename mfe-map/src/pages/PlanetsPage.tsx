import { PageHeader } from '@skynet/shared';

export default function PlanetsPage() {
  return <PageHeader title="Solar System" />;
}

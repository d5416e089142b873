import { PageHeader } from '@skynet/shared';

export default function LandingPage() {
  return <PageHeader title="Skynet" />;
}

import { PageHeader } from '@skynet/shared';

export default function AboutSkynetPage() {
  return <PageHeader title="About Skynet" />;
}

import { PageHeader } from '@skynet/shared';

export default function AboutPage() {
  return <PageHeader title="About" />;
}

import { PageHeader } from '@skynet/shared';

export default function PolicyPage() {
  return <PageHeader title="Privacy Policy" />;
}

import { PageHeader } from '@skynet/shared';

export default function SupportPage() {
  return <PageHeader title="Support" />;
}

import { PageHeader } from '@skynet/shared';

export default function FaqsPage() {
  return <PageHeader title="FAQs" />;
}

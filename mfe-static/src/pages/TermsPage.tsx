import { PageHeader } from '@skynet/shared';

export default function TermsPage() {
  return <PageHeader title="Terms of Use" />;
}

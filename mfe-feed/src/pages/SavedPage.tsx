import { PageHeader } from '@skynet/shared';

export default function SavedPage() {
  return <PageHeader title="Saved" />;
}

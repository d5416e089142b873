import { PageHeader } from '@skynet/shared';

export default function SettingsPage() {
  return <PageHeader title="Settings" />;
}

import { PageHeader } from '@skynet/shared';

export default function ResetPasswordPage() {
  return <PageHeader title="ResetPasswordPage" />;
}

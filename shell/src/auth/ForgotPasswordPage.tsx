import { PageHeader } from '@skynet/shared';

export default function ForgotPasswordPage() {
  return <PageHeader title="ForgotPasswordPage" />;
}

import { PageHeader } from '@skynet/shared';

export default function SignupPage() {
  return <PageHeader title="SignupPage" />;
}

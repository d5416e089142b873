import { PageHeader } from '@skynet/shared';

export default function EditProfilePage() {
  return <PageHeader title="Edit Profile" />;
}

import { userApi } from '@skynet/kit';
import { PeoplePage } from '../components/PeoplePage';

export default function FollowersPage() {
  return <PeoplePage title="Followers" load={userApi.followers} emptyText="No one follows you yet." />;
}

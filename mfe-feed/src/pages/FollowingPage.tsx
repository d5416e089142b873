import { userApi } from '@skynet/kit';
import { PeoplePage } from '../components/PeoplePage';

export default function FollowingPage() {
  return (
    <PeoplePage title="Following" load={userApi.following} emptyText="You are not following anyone yet." />
  );
}

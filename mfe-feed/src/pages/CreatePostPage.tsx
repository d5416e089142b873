import { PageHeader } from '@skynet/kit';
import { CreatePostForm } from '../components/CreatePostForm';
import { Page } from '../components/Page';

export default function CreatePostPage() {
  return (
    <Page>
      <PageHeader title="Create Post" />
      <CreatePostForm />
    </Page>
  );
}

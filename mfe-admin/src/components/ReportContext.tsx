// The reported content in context: the post and the one it replies to; a person's recent posts; the
// conversation's last messages (who wrote each).
import type { Post } from '@skynet/contract';
import { formatMonthDayTime, paths, type Report } from '@skynet/kit';
import { Link } from 'react-router-dom';
import styles from './Admin.module.css';

function PostView({ post, label }: { post: Post; label: string }) {
  return (
    <figure className={styles.post} aria-label={label}>
      <figcaption className={styles.meta}>
        {label}: <Link to={paths.user(post.authorId)}>@{post.userName}</Link>,{' '}
        <time dateTime={post.createdAt}>{formatMonthDayTime(post.createdAt)}</time>{' '}
        <Link to={paths.post(post._id)}>Open post</Link>
      </figcaption>
      {post.removed ? (
        <p className={styles.notice}>Removed by moderators</p>
      ) : post.deleted ? (
        <p className={styles.notice}>Deleted by its author</p>
      ) : null}
      {post.content && <p className={styles.content}>{post.content}</p>}
    </figure>
  );
}

export function ReportContext({ report }: { report: Report }) {
  const { context, target, reporter } = report;
  const nameOf = (senderId: string) =>
    senderId === target._id
      ? `@${target.userName}`
      : senderId === reporter._id
        ? `@${reporter.userName}`
        : 'Someone';
  let body: React.ReactNode = <p className={styles.muted}>The content is no longer available.</p>;
  if (report.targetType === 'post' && context.post) {
    body = (
      <>
        {context.parent && <PostView post={context.parent} label="Replying to" />}
        <PostView post={context.post} label="Reported post" />
      </>
    );
  } else if (report.targetType === 'user' && context.posts) {
    body =
      context.posts.length === 0 ? (
        <p className={styles.muted}>No recent posts.</p>
      ) : (
        <ul className={styles.plainList} aria-label={`Recent posts of @${target.userName}`}>
          {context.posts.map((post) => (
            <li key={post._id}>
              <PostView post={post} label="Post" />
            </li>
          ))}
        </ul>
      );
  } else if (report.targetType === 'conversation' && context.messages) {
    body =
      context.messages.length === 0 ? (
        <p className={styles.muted}>No messages.</p>
      ) : (
        <ol className={styles.plainList} aria-label="Messages">
          {context.messages.map((message) => (
            <li key={message._id} className={styles.message}>
              <span className={styles.meta}>
                {nameOf(message.senderId)},{' '}
                <time dateTime={message.createdAt}>{formatMonthDayTime(message.createdAt)}</time>
              </span>
              <p className={styles.content}>{message.content}</p>
            </li>
          ))}
        </ol>
      );
  }
  return (
    <div className={styles.context}>
      <h3 className={styles.subheading}>Content</h3>
      {body}
    </div>
  );
}

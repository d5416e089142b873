// What a notification group says and where it leads (issue 22).
import type { NotificationGroup } from '@skynet/contract';
import { paths } from '@skynet/kit';

const DOING: Record<NotificationGroup['kind'], string> = {
  like: 'liked your post',
  comment: 'replied to your post',
  reply: 'replied to your post',
  follow: 'started following you',
  mention: 'mentioned you',
  moderation: '',
};

/** Who a moderation notice is from (issue 31): no actors, the moderators. */
export const MODERATORS_TEXT = 'Moderators';

/** The people: 'Ana', 'Ana and 1 other', 'Ana and 4 others'. */
export function actorsText(group: NotificationGroup): string {
  const first = group.actors[0]?.userName ?? 'Someone';
  const others = Math.max(0, group.actorCount - 1);
  if (others === 0) return first;
  return `${first} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/** 'Ana and 4 others liked your post'. */
export function notificationText(group: NotificationGroup): string {
  if (group.kind === 'moderation') return MODERATORS_TEXT;
  return `${actorsText(group)} ${DOING[group.kind]}`;
}

/**
 * The post it is about, or the person (several new followers: your followers list); a moderation notice leads to
 * its post when it names one, else nowhere (null).
 */
export function notificationHref(group: NotificationGroup): string | null {
  if (group.kind === 'moderation') return group.postId ? paths.post(group.postId) : null;
  if (group.kind !== 'follow' && group.postId) return paths.post(group.postId);
  if (group.actorCount === 1 && group.actors[0]) return paths.user(group.actors[0]._id);
  return paths.followers();
}

/** A group's identity while it grows (its id also names its newest notification). */
export const groupKey = (group: NotificationGroup) => group.id.slice(0, group.id.lastIndexOf('.'));

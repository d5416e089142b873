// Entities of spec point 3, as the API answers them and the browser reads them (api/README.md has the parts the
// spec left open).

export type Id = string;

export interface Location {
  planetId: Id;
  latitude: number;
  longitude: number;
}

export interface Planet {
  _id: Id;
  name: string;
  visual: { radius: number; orbitRadius: number; orbitDuration: number; imageUrl: string };
}

export interface CurrentUser {
  _id: Id;
  userName: string;
  /** Absent for accounts created through the identity provider. */
  email?: string;
  avatarUrl: string | null;
  bio: string;
  followerCount: number;
  followingCount: number;
  postCount: number;
  admin: boolean;
  createdAt: string;
  location: Location;
}

export interface User {
  _id: Id;
  userName: string;
  avatarUrl: string | null;
  bio: string;
  createdAt: string;
  deleted: boolean;
  followerCount: number;
  followingCount: number;
  postCount: number;
  location: Location;
}

export interface Post {
  _id: Id;
  authorId: Id;
  userName: string;
  avatarUrl: string | null;
  content: string;
  createdAt: string;
  location: Location & { _id: Id };
  parentPost: Id | null;
  /** First 5 characters of the parent (all of it if shorter); null when the parent was deleted. */
  parentPreview?: string | null;
  deleted: boolean;
  likeCount: number;
  commentCount: number;
}

export type Comment = Omit<Post, 'parentPost' | 'parentPreview'>;

export interface SignupPayload {
  email: string;
  userName: string;
  password: string;
  location: Location;
}

export interface Message {
  _id: Id;
  content: string;
  senderId: Id;
  createdAt: string;
  conversationId: Id;
}

/** Messages grouped by day: `_id` is the day as 'YYYY-MM-DD'. */
export interface MessageDay {
  _id: string;
  messages: Message[];
}

export interface ConversationRow {
  userId: Id;
  name: string;
  avatar: string | null;
  lastMessageAt: string | null;
}

export interface Faq {
  _id: Id;
  question: string;
  answer: string;
}

/** What a notification is about: a like of, a comment on or a reply to your post, or a new follower. */
export type NotificationKind = 'like' | 'comment' | 'reply' | 'follow';

/** A person who did what a notification tells. */
export interface NotificationActor {
  _id: Id;
  userName: string;
  avatarUrl: string | null;
}

/**
 * One entry of `GET /api/notifications`: every notification of one kind on one post (follows: on you) on one UTC day,
 * grouped ("Ana and 4 others liked your post"). `id` names the group up to its newest notification (the page sends
 * it back to `POST /api/notifications/read`); `actors` are the latest (up to 3, newest first), `actorCount` all of them.
 */
export interface NotificationGroup {
  id: string;
  kind: NotificationKind;
  /** Your post it is about (null for follow). */
  postId: Id | null;
  /** The post's first characters ('' when deleted, null for follow). */
  postPreview: string | null;
  actors: NotificationActor[];
  actorCount: number;
  /** When the newest notification of the group happened. */
  latestAt: string;
  /** Some notification of the group is not read yet. */
  unread: boolean;
}

/** The usual answer envelope: `success` and `value`, `error` on failure. */
export interface Envelope<T> {
  success: boolean;
  value?: T;
  error?: string;
  message?: string;
}

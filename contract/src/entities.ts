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

/** The usual answer envelope: `success` and `value`, `error` on failure. */
export interface Envelope<T> {
  success: boolean;
  value?: T;
  error?: string;
  message?: string;
}

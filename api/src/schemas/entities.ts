import { type Static, type TSchema, Type } from '@sinclair/typebox';

const Nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

export const ErrorBody = Type.Object(
  { success: Type.Literal(false), error: Type.String() },
  { description: 'Every error: a text a person can read.' },
);

export const Ok = Type.Object({ success: Type.Literal(true) });
export const OkValue = <T extends TSchema>(value: T) => Type.Object({ success: Type.Literal(true), value });
export const OkMessage = Type.Object({ success: Type.Literal(true), message: Type.String() });

export const Id = Type.String({ description: 'An id (string).' });
export const IsoDate = Type.String({ format: 'date-time' });

export const Coordinates = Type.Object({
  latitude: Type.Number({ minimum: -90, maximum: 90 }),
  longitude: Type.Number({ minimum: -180, maximum: 180 }),
});

export const PostLocation = Type.Object({
  _id: Id,
  planetId: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
});

const postFields = {
  _id: Id,
  authorId: Id,
  userName: Type.String(),
  avatarUrl: Nullable(Type.String()),
  content: Type.String({ description: "'' when deleted" }),
  createdAt: IsoDate,
  location: PostLocation,
  deleted: Type.Boolean(),
  likeCount: Type.Integer(),
  commentCount: Type.Integer(),
};

export const Post = Type.Object({
  ...postFields,
  parentPost: Nullable(Id),
  parentPreview: Nullable(
    Type.String({
      description:
        'First 5 characters of the parent post (all if shorter); null when no parent or it is deleted.',
    }),
  ),
});
export type Post = Static<typeof Post>;

export const Comment = Type.Object(postFields);
export type Comment = Static<typeof Comment>;

export const UserLocation = Type.Object({
  planetId: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
});

export const User = Type.Object({
  _id: Id,
  userName: Type.String(),
  avatarUrl: Nullable(Type.String()),
  bio: Type.String(),
  createdAt: IsoDate,
  deleted: Type.Boolean(),
  followerCount: Type.Integer(),
  followingCount: Type.Integer(),
  postCount: Type.Integer(),
  location: UserLocation,
});
export type User = Static<typeof User>;

export const CurrentUser = Type.Object({
  _id: Id,
  userName: Type.String(),
  email: Type.Optional(Type.String({ description: 'Absent for identity-provider accounts.' })),
  avatarUrl: Nullable(Type.String()),
  bio: Type.String(),
  followerCount: Type.Integer(),
  followingCount: Type.Integer(),
  postCount: Type.Integer(),
  admin: Type.Boolean(),
  createdAt: IsoDate,
  location: UserLocation,
});
export type CurrentUser = Static<typeof CurrentUser>;

export const Planet = Type.Object({
  _id: Id,
  name: Type.String(),
  visual: Type.Object({
    radius: Type.Number(),
    orbitRadius: Type.Number(),
    orbitDuration: Type.Number(),
    imageUrl: Type.String(),
  }),
});
export type Planet = Static<typeof Planet>;

export const Faq = Type.Object({ _id: Id, question: Type.String(), answer: Type.String() });
export type Faq = Static<typeof Faq>;

export const Message = Type.Object({
  _id: Id,
  content: Type.String(),
  senderId: Id,
  createdAt: IsoDate,
  conversationId: Id,
});
export type Message = Static<typeof Message>;

export const DayGroup = Type.Object({
  _id: Type.String({ description: "UTC day 'YYYY-MM-DD'" }),
  messages: Type.Array(Message),
});
export type DayGroup = Static<typeof DayGroup>;

export const ConversationRow = Type.Object({
  userId: Id,
  name: Type.String(),
  avatar: Nullable(Type.String()),
  lastMessageAt: IsoDate,
});
export type ConversationRow = Static<typeof ConversationRow>;

export const PageQuery = Type.Object({
  page: Type.Optional(Type.String({ description: 'Page number (see README for where counting starts).' })),
});

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** Error responses for the OpenAPI document. */
export const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody]));

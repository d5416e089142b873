// The entities of spec point 3 as the API answers them (api/README.md has the parts the spec left open). The types
// every package uses (contract/src/entities.ts) are derived from these schemas: one definition.
import { Type } from '@sinclair/typebox';
import { PLATFORM_EVENT_TYPES, PLATFORM_MEASURES } from '../registry.js';
import { Nullable } from './envelope.js';

export const Id = Type.String({ description: 'An id (string).' });
export const IsoDate = Type.String({ format: 'date-time' });

export const Coordinates = Type.Object({
  latitude: Type.Number({ minimum: -90, maximum: 90 }),
  longitude: Type.Number({ minimum: -180, maximum: 180 }),
});

/** Coordinates leave the server only to their owner (issue 31): everyone else gets the planet. */
const ownersOnly = (what: string) =>
  Type.Optional(Type.Number({ description: `${what}: present only when the caller is its owner.` }));

export const PostLocation = Type.Object({
  _id: Id,
  planetId: Type.String(),
  latitude: ownersOnly('Where the author was'),
  longitude: ownersOnly('Where the author was'),
});

/** A user a post mentions (issue 35): as they were named when the post was written or last edited. */
export const PostMention = Type.Object({ _id: Id, userName: Type.String() });

const postFields = {
  _id: Id,
  authorId: Id,
  userName: Type.String(),
  avatarUrl: Nullable(Type.String()),
  content: Type.String({ description: "'' when deleted" }),
  createdAt: IsoDate,
  location: PostLocation,
  planetId: Type.String({ description: 'The planet it was written on (issue 35), as location.planetId.' }),
  mentions: Type.Array(PostMention, {
    description:
      'The users its @names named that existed when it was written or last edited (issue 35), in the order first ' +
      'named, at most 10; [] when deleted.',
  }),
  tags: Type.Array(Type.String(), {
    description:
      "Its #tags without '#', lowercase, each once in the order first written, at most 10; [] when deleted.",
  }),
  deleted: Type.Boolean(),
  removed: Type.Optional(
    Type.Boolean({ description: "Deleted by a moderator: it shows 'Removed by moderators' where it stood." }),
  ),
  likeCount: Type.Integer(),
  commentCount: Type.Integer(),
  contentWarning: Nullable(
    Type.String({
      description:
        'A content warning: the text is folded behind it until the reader opens it (issue 35); null if none.',
    }),
  ),
  editedAt: Nullable(
    Type.String({
      format: 'date-time',
      description: 'When its author last edited it (issue 35: the card says Edited); null if never.',
    }),
  ),
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

export const Comment = Type.Object(postFields);

/** One text a post has had (issue 35): GET /post/:id/history lists them, the first version first. */
export const PostVersion = Type.Object({
  content: Type.String(),
  contentWarning: Nullable(Type.String()),
  createdAt: Type.String({
    format: 'date-time',
    description: 'When this text was published: the post itself for the first, an edit for the others.',
  }),
});

export const UserLocation = Type.Object({
  planetId: Type.String(),
  latitude: ownersOnly('Home position'),
  longitude: ownersOnly('Home position'),
});

/** The caller's standing with a person (issue 31): GET /user/:id/relationship. */
export const Relationship = Type.Object({
  blocking: Type.Boolean({ description: 'You block them.' }),
  blockedBy: Type.Boolean({
    description: 'They block you: their profile content and posts are hidden from you.',
  }),
  muting: Type.Boolean({ description: 'You mute them.' }),
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
  suspended: Type.Optional(
    Type.Boolean({ description: 'Suspended by the moderators: the profile says so.' }),
  ),
  relationship: Type.Optional(Relationship),
});

export const MessagePolicy = Type.Union(
  [Type.Literal('everyone'), Type.Literal('following'), Type.Literal('nobody')],
  {
    description: 'Who may start a conversation with you: everyone, the people you follow, or nobody.',
  },
);

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
  emailVerified: Type.Boolean({
    description: 'The address was confirmed (the link mailed at sign-up, or the identity provider said so).',
  }),
  createdAt: IsoDate,
  location: UserLocation,
});

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

export const Faq = Type.Object({ _id: Id, question: Type.String(), answer: Type.String() });

export const Message = Type.Object({
  _id: Id,
  content: Type.String(),
  senderId: Id,
  createdAt: IsoDate,
  conversationId: Id,
});

export const DayGroup = Type.Object({
  _id: Type.String({ description: "UTC day 'YYYY-MM-DD'" }),
  messages: Type.Array(Message),
});

export const ConversationRow = Type.Object({
  userId: Id,
  name: Type.String(),
  avatar: Nullable(Type.String()),
  lastMessageAt: IsoDate,
  lastMessage: Type.String({
    description:
      "The newest message's first characters (LAST_MESSAGE_PREVIEW_LENGTH), its text only; '' if none.",
  }),
  lastMessageMine: Type.Boolean({ description: 'Whether the caller sent the newest message.' }),
  unread: Type.Integer({
    minimum: 0,
    description:
      "The other person's messages the caller has not read here (the unread badge's count, per conversation).",
  }),
});

export const SessionInfo = Type.Object({
  _id: Type.String(),
  userAgent: Type.String({ description: "The browser's user agent when it signed in." }),
  createdAt: Type.String(),
  lastUsedAt: Type.String(),
  current: Type.Boolean({ description: 'The session of the token that asked.' }),
});

export const UnreadCounts = Type.Object({
  notifications: Type.Integer({ minimum: 0 }),
  messages: Type.Integer({ minimum: 0 }),
});

export const NotificationKind = Type.Union([
  Type.Literal('like'),
  Type.Literal('comment'),
  Type.Literal('reply'),
  Type.Literal('follow'),
  Type.Literal('moderation'),
  Type.Literal('mention'),
]);

export const NotificationActor = Type.Object({
  _id: Type.String(),
  userName: Type.String(),
  avatarUrl: Nullable(Type.String()),
});

export const NotificationGroup = Type.Object({
  id: Type.String({ description: 'The group up to its newest notification; send it back to mark it read.' }),
  kind: NotificationKind,
  postId: Nullable(Type.String()),
  postPreview: Nullable(
    Type.String({
      description:
        "The post's first characters; '' when deleted. Kind 'mention' (issue 35): the post that mentions the reader, " +
        'its content warning instead when it has one.',
    }),
  ),
  actors: Type.Array(NotificationActor),
  actorCount: Type.Integer(),
  latestAt: IsoDate,
  unread: Type.Boolean(),
  message: Type.Optional(
    Type.String({
      description: "kind 'moderation': what the moderators did and why, as the person reads it.",
    }),
  ),
  replyPreview: Type.Optional(
    Nullable(
      Type.String({
        description:
          "kinds 'comment' and 'reply' (issue 35): the newest comment's or reply's own first characters, so the entry " +
          'shows what was said; null when it was deleted or is behind a content warning.',
      }),
    ),
  ),
});

export const BlockedUser = Type.Object({
  _id: Id,
  userName: Type.String(),
  avatarUrl: Nullable(Type.String()),
  since: IsoDate,
});

export const MutedWord = Type.Object({
  _id: Id,
  word: Type.String(),
  expiresAt: Nullable(IsoDate),
  createdAt: IsoDate,
});

export const ReportTargetType = Type.Union([
  Type.Literal('post'),
  Type.Literal('user'),
  Type.Literal('conversation'),
]);
export const ReportReason = Type.Union([
  Type.Literal('spam'),
  Type.Literal('harassment'),
  Type.Literal('violence'),
  Type.Literal('other'),
]);
export const ModerationAction = Type.Union([
  Type.Literal('dismiss'),
  Type.Literal('remove'),
  Type.Literal('warn'),
  Type.Literal('silence'),
  Type.Literal('suspend'),
]);

/** A report as the moderation queue shows it: the content in context (the post and its parent, or the messages). */
export const Report = Type.Object({
  _id: Id,
  targetType: ReportTargetType,
  targetId: Id,
  reason: ReportReason,
  text: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('resolved')]),
  createdAt: IsoDate,
  reporter: NotificationActor,
  /** The person the report is about, with what the moderators did to them so far. */
  target: Type.Object({
    _id: Id,
    userName: Type.String(),
    avatarUrl: Nullable(Type.String()),
    suspended: Type.Boolean(),
    silenced: Type.Boolean(),
    openReports: Type.Integer({ description: 'Open reports about this person, this one included.' }),
  }),
  /** post: the post and the one it replies to; conversation: the last messages (both sides); user: their last posts. */
  context: Type.Object({
    post: Type.Optional(Post),
    parent: Type.Optional(Nullable(Post)),
    posts: Type.Optional(Type.Array(Post)),
    messages: Type.Optional(Type.Array(Message)),
  }),
  resolution: Nullable(
    Type.Object({ action: ModerationAction, reason: Type.String(), by: Type.String(), at: IsoDate }),
  ),
});

export const AuditEntry = Type.Object({
  _id: Type.String(),
  actor: Type.String({ description: "The administrator's name, or 'npm run admin (<operator>)'." }),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Type.String(),
  targetName: Nullable(Type.String()),
  reason: Type.String(),
  createdAt: IsoDate,
});

export const DataExport = Type.Object({
  _id: Id,
  status: Type.Union([Type.Literal('pending'), Type.Literal('ready'), Type.Literal('failed')]),
  createdAt: IsoDate,
  expiresAt: IsoDate,
});

const PlatformEventType = Type.Union(PLATFORM_EVENT_TYPES.map((type) => Type.Literal(type)));
const short = (max: number) => Type.String({ minLength: 1, maxLength: max });
export const PlatformEvent = Type.Object({
  type: PlatformEventType,
  remote: short(64),
  version: short(32),
  at: Type.Optional(Type.String({ maxLength: 40 })),
  /** A failure's error text and where it was thrown (file:line or the phase), for ops (issue 33). */
  message: Type.Optional(Type.String({ maxLength: 300 })),
  source: Type.Optional(Type.String({ maxLength: 300 })),
});

export const PlatformMeasure = Type.Object({
  metric: Type.Union(PLATFORM_MEASURES.map((name) => Type.Literal(name))),
  remote: short(64),
  version: short(32),
  /** Milliseconds (lcp, inp) or the layout-shift score (cls). */
  value: Type.Number({ minimum: 0, maximum: 600_000 }),
});

/** One row of GET /api/platform/events/summary: counted visitors per remote, version and type. */
export const PlatformEventCount = Type.Object({
  remote: Type.String(),
  version: Type.String(),
  type: Type.String(),
  count: Type.Integer(),
  last: Type.String(),
});

const Placement = Type.Object({
  stable: Nullable(Type.String()),
  canary: Nullable(Type.Object({ version: Type.String(), percent: Type.Number() })),
});

export const ReleasePolicy = Type.Object({
  mode: Type.Union([Type.Literal('auto'), Type.Literal('manual')]),
  steps: Type.Array(Type.Number()),
  bakeMinutes: Type.Integer(),
  minSamples: Type.Integer(),
});

/** Names of the measures a canary is compared on with stable. */
export const RELEASE_MEASURES = ['failures', 'lcp', 'inp', 'cls', 'api-errors', 'file-errors'] as const;
const ReleaseMeasureName = Type.Union(RELEASE_MEASURES.map((name) => Type.Literal(name)));

/**
 * One measure, canary against stable over the same minutes: failures, api-errors and file-errors (the server's
 * answers to the files a version lists: not 2xx or 304) are rates (0-1), lcp and inp the
 * 75th percentile in ms, cls the 75th percentile score. `verdict` is the test's word (`worse` rolls the canary back).
 */
export const ReleaseMeasure = Type.Object({
  name: ReleaseMeasureName,
  stable: Nullable(Type.Number()),
  canary: Nullable(Type.Number()),
  stableSamples: Type.Integer(),
  canarySamples: Type.Integer(),
  verdict: Type.Union([
    Type.Literal('better'),
    Type.Literal('same'),
    Type.Literal('worse'),
    Type.Literal('unknown'),
  ]),
  /** The test and its figure, e.g. "Mann-Whitney U, p = 0.002" or "SPRT, log-LR 3.1 of 2.9". */
  test: Type.String(),
});

/** A point of a chart: one measure of one side in one minute (value null: no sample). */
export const ReleaseSeriesPoint = Type.Object({
  at: Type.String(),
  name: ReleaseMeasureName,
  arm: Type.Union([Type.Literal('stable'), Type.Literal('canary')]),
  value: Nullable(Type.Number()),
  samples: Type.Integer(),
});

/** A failure people met, grouped by its error text and where it was thrown. */
export const ReleaseFailure = Type.Object({
  version: Type.String(),
  type: Type.String(),
  message: Type.String(),
  source: Type.String(),
  count: Type.Integer(),
  last: Type.String(),
});

export const CanaryAnalysis = Type.Object({
  /** When the figures were computed, and the start of the minutes compared (the canary's current step). */
  at: Type.String(),
  since: Type.String(),
  decision: Type.Union([
    Type.Literal('wait'),
    Type.Literal('hold'),
    Type.Literal('advance'),
    Type.Literal('promote'),
    Type.Literal('rollback'),
  ]),
  reason: Type.String(),
  measures: Type.Array(ReleaseMeasure),
  series: Type.Array(ReleaseSeriesPoint),
  failures: Type.Array(ReleaseFailure),
});

export const ReleaseHistoryLine = Type.Object({
  at: Type.String(),
  command: Type.String(),
  user: Nullable(Type.String()),
  version: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  from: Nullable(Placement),
  to: Nullable(Placement),
});

export const RemoteRelease = Type.Object({
  stable: Type.String(),
  canary: Nullable(
    Type.Object({
      version: Type.String(),
      percent: Type.Number(),
      since: Nullable(Type.String()),
      paused: Type.Boolean(),
    }),
  ),
  policy: ReleasePolicy,
  versions: Type.Array(
    Type.Object({
      version: Type.String(),
      publishedAt: Nullable(Type.String()),
      kit: Nullable(Type.String()),
      contract: Nullable(Type.String()),
    }),
  ),
  /** Null without a canary. */
  analysis: Nullable(CanaryAnalysis),
  /** The remote's last registry changes, newest first. */
  history: Type.Array(ReleaseHistoryLine),
});

/** Which product's registry the figures belong to (ops refuses to pair another product's registry with them). */
export const RegistryIdentity = Type.Object({
  product: Nullable(Type.String()),
  revision: Type.Integer(),
});

/** Issue 32: kinds of the security event log ("Recent activity"). */
export const SECURITY_EVENT_TYPES = [
  'signin',
  'signin-failed',
  'second-factor-failed',
  'signup',
  'email-verified',
  'password-changed',
  'password-reset-requested',
  'password-reset',
  'email-change-requested',
  'email-changed',
  'email-change-undone',
  'totp-enabled',
  'totp-disabled',
  'recovery-codes-renewed',
  'recovery-code-used',
  'passkey-added',
  'passkey-removed',
  'session-ended',
  'sessions-ended',
  'signout',
  'account-deleted',
  'admin-action',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

export const SecurityEvent = Type.Object({
  _id: Id,
  type: Type.Union(SECURITY_EVENT_TYPES.map((type) => Type.Literal(type))),
  at: IsoDate,
  ip: Type.String({ description: 'The address it came from, as the proxy reported it.' }),
  device: Type.String({ description: 'The browser and system, e.g. "Chrome 131 on Linux".' }),
  detail: Type.String({ description: 'More about it, for people ("2 sessions", "by a moderator: spam").' }),
});

export const PasskeyInfo = Type.Object({
  _id: Id,
  name: Type.String(),
  createdAt: IsoDate,
  lastUsedAt: Nullable(IsoDate),
});

export const AccountSecurity = Type.Object({
  emailVerified: Type.Boolean({ description: 'The address was confirmed by the link mailed at sign-up.' }),
  hasPassword: Type.Boolean(),
  totp: Type.Boolean({ description: 'An authenticator app is enrolled.' }),
  passkeys: Type.Array(PasskeyInfo),
  recoveryCodesLeft: Type.Integer({ minimum: 0 }),
});

/** What a sign-in answers (401) when the account has a second factor: no token yet. */
export const SecondFactorChallenge = Type.Object({
  secondFactor: Type.Union([Type.Literal('totp'), Type.Literal('passkey')], {
    description: 'The factor to ask for first; `methods` lists every one the account can use.',
  }),
  methods: Type.Array(Type.Union([Type.Literal('totp'), Type.Literal('passkey'), Type.Literal('recovery')])),
  challenge: Type.String({ description: 'Names this sign-in in POST /user/login/2fa (5 minutes, 5 tries).' }),
  passkeyOptions: Type.Optional(
    Type.Unknown({ description: 'PublicKeyCredentialRequestOptionsJSON, when a passkey is enrolled.' }),
  ),
});

/** Named in the OpenAPI document's components (and referenced from every call that uses them). */
export const ENTITY_SCHEMAS = {
  Post,
  Comment,
  PostLocation,
  User,
  UserLocation,
  CurrentUser,
  Planet,
  Faq,
  Message,
  DayGroup,
  ConversationRow,
  SessionInfo,
  UnreadCounts,
  NotificationGroup,
  NotificationActor,
  PlatformEvent,
  PlatformMeasure,
  PlatformEventCount,
  ReleasePolicy,
  ReleaseMeasure,
  ReleaseSeriesPoint,
  ReleaseFailure,
  CanaryAnalysis,
  ReleaseHistoryLine,
  RemoteRelease,
  RegistryIdentity,
  Relationship,
  BlockedUser,
  MutedWord,
  Report,
  AuditEntry,
  DataExport,
  SecurityEvent,
  PasskeyInfo,
  AccountSecurity,
  SecondFactorChallenge,
} as const;

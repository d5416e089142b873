// Business constants of spec point 9 that the browser checks for a quick answer and the API enforces.

/** Post length, 1 to 324 characters. */
export const POST_MAX_LENGTH = 324;
/** The most posts one GET /post/marks asks about: two pages of cards (issue 34). */
export const POST_MARKS_MAX = 50;
/** A content warning, up to 100 characters (issue 35): the post's text is folded behind it. */
export const CONTENT_WARNING_MAX_LENGTH = 100;
/** The most times one post can be edited (issue 35): each edit keeps the text it replaced. */
export const POST_EDITS_MAX = 20;

/** A direct message, 1 to 2,000 characters. */
export const MESSAGE_MAX_LENGTH = 2000;
/** The conversation list's preview of a conversation's newest message: its first 100 characters. */
export const LAST_MESSAGE_PREVIEW_LENGTH = 100;

/** Avatar files: at most 3,000,000 bytes of png, jpeg or webp. */
export const AVATAR_MAX_BYTES = 3_000_000;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];

/** Account deletion asks for exactly this phrase. */
export const DELETE_ACCOUNT_PHRASE = 'I-WANT-TO-DELETE-THIS-ACCOUNT';

/** Items on one page of any list. */
export const PAGE_SIZE = 20;

/**
 * Page numbering (spec point 4): the galaxy and planet feeds start at page 1; the user-history, profile, comment
 * and search lists start at page 0.
 */
export const FIRST_PAGE = { feed: 1, list: 0 } as const;

/** Reply preview: the parent's first 5 characters. Post metadata: the first 15. */
export const REPLY_PREVIEW_LENGTH = 5;
export const POST_META_PREVIEW_LENGTH = 15;

/** User names: 3 to 30 letters, digits, `_`, `.` or `-`. */
export const USER_NAME_MIN_LENGTH = 3;
export const USER_NAME_MAX_LENGTH = 30;
export const USER_NAME_PATTERN = '^[A-Za-z0-9_.-]+$';

/** Passwords: 8 to 128 characters. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** E-mail addresses: at most 254 characters (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** A bio, 0 to 300 characters. */
export const BIO_MAX_LENGTH = 300;

/** Most notification groups one POST /api/notifications/read marks. */
export const NOTIFICATIONS_READ_MAX = 100;

/** People to follow: how many GET /api/user/suggestions answers by default, and at most. */
export const SUGGESTIONS_DEFAULT = 5;
export const SUGGESTIONS_MAX = 20;

/** A report's own words (optional), up to 1,000 characters; a moderator's reason, 1 to 500. */
export const REPORT_TEXT_MAX_LENGTH = 1000;
export const MODERATION_REASON_MAX_LENGTH = 500;

/** A muted word or phrase, 1 to 100 characters; at most 200 of them per person. */
export const MUTED_WORD_MAX_LENGTH = 100;
export const MUTED_WORDS_MAX = 200;

/** A data export's download link works for 7 days; one export may be asked for every 24 hours. */
export const EXPORT_LINK_DAYS = 7;

/** The Following timeline (issue 35) keeps each reader's newest 800 entries, as Mastodon's home feed: past them, the end. */
export const TIMELINE_MAX = 800;

/** Mentions and tags (issue 35): at most this many of each are taken from one post; a tag is 1 to 50 characters. */
export const MENTIONS_MAX = 10;
export const TAGS_MAX = 10;
export const TAG_MAX_LENGTH = 50;

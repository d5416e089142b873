// Entities of spec point 3, as the API answers them and the browser reads them (api/README.md has the parts the
// spec left open).

import type { Static } from '@sinclair/typebox';
import type { authCalls } from './api/auth.js';
import type { Body } from './api/call.js';
import type * as S from './api/entities.js';

// Types only (erased from every bundle): each is derived from the schema the API validates and answers with
// (./api/entities.ts), so a field changed there changes here, and everything that no longer fits fails to compile.

export type Id = string;

export type Location = Static<typeof S.UserLocation>;
export type Planet = Static<typeof S.Planet>;
export type CurrentUser = Static<typeof S.CurrentUser>;
export type User = Static<typeof S.User>;
/** `parentPreview`: the parent's first 5 characters (all of it if shorter); null without a parent or when it is deleted. */
export type Post = Static<typeof S.Post>;
export type Comment = Static<typeof S.Comment>;
export type PostVersion = Static<typeof S.PostVersion>;
export type SignupPayload = Body<typeof authCalls.signup>;
export type Message = Static<typeof S.Message>;
/** Messages grouped by day: `_id` is the day as 'YYYY-MM-DD'. */
export type MessageDay = Static<typeof S.DayGroup>;
export type ConversationRow = Static<typeof S.ConversationRow>;
export type Faq = Static<typeof S.Faq>;
/** One of your sessions (sign-ins), as GET /api/user/sessions answers it. */
export type SessionInfo = Static<typeof S.SessionInfo>;

/** What a notification is about: a like of, a comment on or a reply to your post, or a new follower. */
export type NotificationKind = Static<typeof S.NotificationKind>;

/** A person who did what a notification tells. */
export type NotificationActor = Static<typeof S.NotificationActor>;

/**
 * One entry of `GET /api/notifications`: every notification of one kind on one post (follows: on you) on one UTC day,
 * grouped ("Ana and 4 others liked your post"). `id` names the group up to its newest notification (the page sends
 * it back to `POST /api/notifications/read`); `actors` are the latest (up to 3, newest first), `actorCount` all of them.
 */
export type NotificationGroup = Static<typeof S.NotificationGroup>;

/** What the shell reports about each page load (POST /api/platform/events). */
export type PlatformEvent = Static<typeof S.PlatformEvent>;
/** One row of GET /api/platform/events/summary. */
export type PlatformEventCount = Static<typeof S.PlatformEventCount>;
export type PlatformMeasure = Static<typeof S.PlatformMeasure>;

/** Issue 33: releases judged by real people (GET /api/admin/releases). */
export type ReleaseMeasure = Static<typeof S.ReleaseMeasure>;
export type ReleaseMeasureName = ReleaseMeasure['name'];
export type ReleaseSeriesPoint = Static<typeof S.ReleaseSeriesPoint>;
export type ReleaseFailure = Static<typeof S.ReleaseFailure>;
export type CanaryAnalysis = Static<typeof S.CanaryAnalysis>;
export type ReleaseHistoryLine = Static<typeof S.ReleaseHistoryLine>;
export type RemoteRelease = Static<typeof S.RemoteRelease>;
export type RegistryIdentity = Static<typeof S.RegistryIdentity>;
export type ReleaseAction = 'promote' | 'pause' | 'rollback';
export const RELEASE_ACTIONS: readonly ReleaseAction[] = ['promote', 'pause', 'rollback'];

/** Issue 31: how you stand with a person, the people you block or mute, your muted words, reports, moderation. */
export type Relationship = Static<typeof S.Relationship>;
export type MessagePolicy = Static<typeof S.MessagePolicy>;
export type BlockedUser = Static<typeof S.BlockedUser>;
export type MutedWord = Static<typeof S.MutedWord>;
export type ReportTargetType = Static<typeof S.ReportTargetType>;
export type ReportReason = Static<typeof S.ReportReason>;
export type ModerationAction = Static<typeof S.ModerationAction>;
export type Report = Static<typeof S.Report>;
export type AuditEntry = Static<typeof S.AuditEntry>;
export type DataExport = Static<typeof S.DataExport>;

/** Issue 32: a security event (Recent activity), a passkey, what protects an account, a sign-in's second step. */
export type SecurityEvent = Static<typeof S.SecurityEvent>;
export type SecurityEventType = SecurityEvent['type'];
export type PasskeyInfo = Static<typeof S.PasskeyInfo>;
export type AccountSecurity = Static<typeof S.AccountSecurity>;
export type SecondFactorChallenge = Static<typeof S.SecondFactorChallenge>;

/** The usual answer envelope: `success` and `value`, `error` on failure. */
export interface Envelope<T> {
  success: boolean;
  value?: T;
  error?: string;
  message?: string;
}

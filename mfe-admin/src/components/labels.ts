// The words the area shows for the API's codes.
import type { ModerationAction, Report } from '@skynet/kit';

export const REASON_LABEL: Record<Report['reason'], string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  violence: 'Violence',
  other: 'Other',
};

export const TARGET_LABEL: Record<Report['targetType'], string> = {
  post: 'Post',
  user: 'Person',
  conversation: 'Conversation',
};

/** The button that starts an action on an open report. */
export const ACTION_LABEL: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  remove: 'Remove post',
  warn: 'Warn',
  silence: 'Silence',
  suspend: 'Suspend',
};

/** What a resolved report's resolution did. */
export const RESOLUTION_LABEL: Record<ModerationAction, string> = {
  dismiss: 'Dismissed',
  remove: 'Post removed',
  warn: 'Warned',
  silence: 'Silenced',
  suspend: 'Suspended',
};

/** The order of the actions on a report; 'remove' only for post reports. */
export const ACTIONS: readonly ModerationAction[] = ['dismiss', 'remove', 'warn', 'silence', 'suspend'];

// Dates of the chat, spec points 2 and 9: day headings in the America/Vancouver time zone as short weekday,
// month and day. The server groups by UTC day, so messages are regrouped here by their Vancouver day.
import type { ConversationRow, Message, MessageDay } from '@skynet/contract';

export const CHAT_TIME_ZONE = 'America/Vancouver';

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CHAT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const headingFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CHAT_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CHAT_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});
const fullFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CHAT_TIME_ZONE,
  dateStyle: 'full',
  timeStyle: 'short',
});
const monthDayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CHAT_TIME_ZONE,
  month: 'short',
  day: 'numeric',
});
const monthDayYearFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CHAT_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const parse = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** The Vancouver calendar day of an instant as 'YYYY-MM-DD'. */
export function vancouverDayKey(date: Date): string {
  const parts = Object.fromEntries(dayKeyFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** 'YYYY-MM-DD' shifted by whole calendar days (calendar arithmetic, so DST never gets in the way). */
export function shiftDayKey(key: string, days: number): string {
  const [year, month, day] = key.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

/** A message's time of day in Vancouver, e.g. '3:05 PM'. */
export function formatMessageTime(iso: string): string {
  const date = parse(iso);
  return date ? timeFormat.format(date) : '';
}

/** The full date and time, for tooltips: 'Monday, November 23, 2026 at 3:05 PM'. */
export function formatFullDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? fullFormat.format(date) : '';
}

export interface ChatDay {
  /** The Vancouver day, 'YYYY-MM-DD'. */
  key: string;
  /** Short weekday, month and day, e.g. 'Mon, Nov 23'. */
  heading: string;
  messages: Message[];
}

const time = (message: Message) => parse(message.createdAt)?.getTime() ?? Number.POSITIVE_INFINITY;

/** The server's day groups flattened to one list, oldest first (the server's groups are UTC days). */
export function flattenDays(days: readonly MessageDay[]): Message[] {
  return sortMessages(days.flatMap((day) => (Array.isArray(day.messages) ? day.messages : [])));
}

/** Oldest first: by time, then by id (the same order on every screen). */
export function sortMessages(messages: readonly Message[]): Message[] {
  return [...messages].sort((a, b) => time(a) - time(b) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
}

/**
 * The shown list after messages from the server: the history, the answer to a send, a new message from the room
 * ('newMessage') or what a join caught up. A conversation's messages are never edited or removed, so merging by id
 * is enough: a message that arrives twice (the send's answer and the room, or the room and a catch-up) is shown
 * once, and an answer arriving late never hides one.
 */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map<string, Message>();
  for (const message of current) byId.set(message._id, message);
  for (const message of incoming) byId.set(message._id, message);
  return sortMessages([...byId.values()]);
}

/**
 * The shown list when the server sends the conversation's latest history to replace it (a join that starts over):
 * exactly that list, plus what is shown that is newer than its newest message (arrived since it was read).
 */
export function replaceMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const sorted = sortMessages(incoming);
  const last = sorted.at(-1);
  if (!last) return mergeMessages(current, []);
  const newer = current.filter((m) => time(m) > time(last) || (time(m) === time(last) && m._id > last._id));
  return mergeMessages(sorted, newer);
}

/** Messages grouped by their Vancouver day, oldest day first, each day oldest message first. */
export function groupByVancouverDay(messages: readonly Message[]): ChatDay[] {
  const groups: ChatDay[] = [];
  for (const message of sortMessages(messages)) {
    const date = parse(message.createdAt);
    const key = date ? vancouverDayKey(date) : 'unknown';
    let group = groups[groups.length - 1];
    if (!group || group.key !== key) {
      group = { key, heading: date ? headingFormat.format(date) : 'Unknown date', messages: [] };
      groups.push(group);
    }
    group.messages.push(message);
  }
  return groups;
}

/**
 * When a conversation's last message was sent, for the conversation list: 'Just now', '5 min ago',
 * '3 h ago' (same day), 'Yesterday', then the date ('Nov 23', or 'Nov 23, 2024' in another year).
 * Calendar days are Vancouver days, like the chat's headings.
 */
export function formatLastMessageAt(iso: string | null | undefined, now: Date = new Date()): string {
  const date = parse(iso);
  if (!date) return '';
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  const minutes = Math.floor(elapsed / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const today = vancouverDayKey(now);
  const day = vancouverDayKey(date);
  if (day === today) return `${Math.floor(minutes / 60)} h ago`;
  if (day === shiftDayKey(today, -1)) return 'Yesterday';
  return day.slice(0, 4) === today.slice(0, 4)
    ? monthDayFormat.format(date)
    : monthDayYearFormat.format(date);
}

/** The conversation list's order: the latest message first (a row without a readable time last). */
export function newestFirst(rows: readonly ConversationRow[]): ConversationRow[] {
  const at = (row: ConversationRow) => Date.parse(row.lastMessageAt ?? '') || 0;
  return [...rows].sort((a, b) => at(b) - at(a));
}

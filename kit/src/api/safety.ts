// Issue 31's calls for people (API docs: contract/src/api/safety.ts and moderation.ts): block, mute, muted words,
// who may message you, reports and the download of your data. Their groups are not in the contract's `calls` yet
// (they join it as the API's routes land), so their types are read from the groups themselves here.
import type { Envelope, Id } from '@skynet/contract';
import type { Body, exportCalls, reportCalls, safetyCalls, Value } from '@skynet/contract/api';
import { getEnvelope as get, http, unwrap } from '@skynet/shared';

type SafetyCalls = typeof safetyCalls & typeof reportCalls & typeof exportCalls;
export type SafetyCallName = keyof SafetyCalls;
/** The JSON body of issue 31's call `K`. */
export type SafetyBodyOf<K extends SafetyCallName> = Body<SafetyCalls[K]>;
/** The `value` of issue 31's call `K`'s 200 answer. */
export type SafetyValueOf<K extends SafetyCallName> = Value<SafetyCalls[K]>;

/** A person you block or mute, as the Settings lists show them. */
export type BlockedPerson = SafetyValueOf<'blocks'>[number];
export type MutedWordEntry = SafetyValueOf<'mutedWords'>[number];
export type MessagePolicyValue = SafetyBodyOf<'messagePolicy'>['policy'];
export type ReportBody = SafetyBodyOf<'report'>;
export type ReportReasonValue = ReportBody['reason'];
export type DataExportEntry = SafetyValueOf<'exports'>[number];

const seg = (value: string) => encodeURIComponent(value);
const fresh = { cache: false } as const;

export const safetyApi = {
  /** Block (idempotent): ends any follow either way; answers true. */
  async block(id: Id): Promise<SafetyValueOf<'block'>> {
    return unwrap((await http.post<Envelope<SafetyValueOf<'block'>>>(`/user/${seg(id)}/block`)).data);
  },
  async unblock(id: Id): Promise<SafetyValueOf<'unblock'>> {
    return unwrap((await http.delete<Envelope<SafetyValueOf<'unblock'>>>(`/user/${seg(id)}/block`)).data);
  },
  /** The people you block, newest first; pages from 0. */
  async blocks(page: number): Promise<SafetyValueOf<'blocks'>> {
    return unwrap(await get<SafetyValueOf<'blocks'>>('/user/blocks', { params: { page }, ...fresh }));
  },
  /** Mute (idempotent, silent); answers true. */
  async mute(id: Id): Promise<SafetyValueOf<'mute'>> {
    return unwrap((await http.post<Envelope<SafetyValueOf<'mute'>>>(`/user/${seg(id)}/mute`)).data);
  },
  async unmute(id: Id): Promise<SafetyValueOf<'unmute'>> {
    return unwrap((await http.delete<Envelope<SafetyValueOf<'unmute'>>>(`/user/${seg(id)}/mute`)).data);
  },
  /** The people you mute, newest first; pages from 0. */
  async mutes(page: number): Promise<SafetyValueOf<'mutes'>> {
    return unwrap(await get<SafetyValueOf<'mutes'>>('/user/mutes', { params: { page }, ...fresh }));
  },
  /** Your muted words (expired ones left out), newest first. */
  async mutedWords(): Promise<SafetyValueOf<'mutedWords'>> {
    return unwrap(await get<SafetyValueOf<'mutedWords'>>('/user/mutedWords', fresh));
  },
  /** Mutes a word or phrase for good (no `days`) or for `days` days. */
  async addMutedWord(word: string, days?: number): Promise<SafetyValueOf<'addMutedWord'>> {
    const body = (days === undefined ? { word } : { word, days }) satisfies SafetyBodyOf<'addMutedWord'>;
    return unwrap((await http.post<Envelope<SafetyValueOf<'addMutedWord'>>>('/user/mutedWords', body)).data);
  },
  async removeMutedWord(id: Id): Promise<SafetyValueOf<'removeMutedWord'>> {
    return unwrap(
      (await http.delete<Envelope<SafetyValueOf<'removeMutedWord'>>>(`/user/mutedWords/${seg(id)}`)).data,
    );
  },
  /** Whether you block, are blocked by, or mute this person (their profile's buttons). */
  async relationship(id: Id): Promise<SafetyValueOf<'relationship'>> {
    return unwrap(await get<SafetyValueOf<'relationship'>>(`/user/${seg(id)}/relationship`, fresh));
  },
  /** Who may start a conversation with you now (everyone by default). */
  async getMessagePolicy(): Promise<SafetyValueOf<'getMessagePolicy'>> {
    return unwrap(await get<SafetyValueOf<'getMessagePolicy'>>('/user/messagePolicy', fresh));
  },
  /** Who may start a conversation with you; answers the policy saved. */
  async messagePolicy(policy: MessagePolicyValue): Promise<SafetyValueOf<'messagePolicy'>> {
    const body = { policy } satisfies SafetyBodyOf<'messagePolicy'>;
    return unwrap(
      (await http.patch<Envelope<SafetyValueOf<'messagePolicy'>>>('/user/messagePolicy', body)).data,
    );
  },
};

export const reportApi = {
  /** Reports a post (or reply), a person or a conversation (targetId: the other person's id); answers its id. */
  async report(body: ReportBody): Promise<Id> {
    const { text, ...rest } = body;
    const sent = (text?.trim() ? { ...rest, text } : rest) satisfies SafetyBodyOf<'report'>;
    return unwrap((await http.post<Envelope<SafetyValueOf<'report'>>>('/report', sent)).data)._id;
  },
};

export const exportApi = {
  /** Starts building the archive of your data; it is mailed as a link. */
  async requestExport(): Promise<SafetyValueOf<'requestExport'>> {
    return unwrap((await http.post<Envelope<SafetyValueOf<'requestExport'>>>('/user/export')).data);
  },
  /** Your exports, newest first. */
  async exports(): Promise<SafetyValueOf<'exports'>> {
    return unwrap(await get<SafetyValueOf<'exports'>>('/user/export', fresh));
  },
};

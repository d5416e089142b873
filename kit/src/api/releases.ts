// Issue 33's release console (mfe-admin /admin/releases; administrators only, the API answers 403 to anyone else):
// every remote's stable and canary with the analysis comparing them, and promote / pause / roll back with a reason,
// through the same placement code `npm run ops` uses. Typed from the contract's `releaseCalls` (in `calls`).
import type { Envelope, RegistryIdentity, ReleaseAction, RemoteRelease } from '@skynet/contract';
import type { RELEASE_REASON_MAX_LENGTH as ContractReasonMax } from '@skynet/contract/api';
import { http, unwrap } from '@skynet/shared';
import type { AnswerOf, BodyOf, ValueOf } from './types';

export type { RegistryIdentity, ReleaseAction, RemoteRelease };
/** The analysis of a canary against stable (null on a remote without a canary). */
export type ReleaseAnalysis = NonNullable<RemoteRelease['analysis']>;

/**
 * The longest reason the API takes (the contract's value; schema code stays out of bundles, so it is written here
 * and its type holds it to the contract's).
 */
export const RELEASE_REASON_MAX_LENGTH: typeof ContractReasonMax = 500;

/** Every remote's release by its name, and which registry they belong to. */
export interface ReleasesOverview {
  remotes: Record<string, RemoteRelease>;
  registry: RegistryIdentity;
}

const seg = (value: string) => encodeURIComponent(value);

export const releaseApi = {
  /** Every remote's stable, canary, policy, analysis, versions and last history lines; never from a cache. */
  async list(): Promise<ReleasesOverview> {
    const answer = (await http.get<AnswerOf<'releases'>>('/admin/releases', { cache: false })).data;
    const remotes: ValueOf<'releases'> = unwrap(answer);
    return { remotes, registry: answer.registry };
  },
  /** promote, pause (again: resume) or rollback, with the reason the history keeps; answers the remote after it. */
  async act(remote: string, action: ReleaseAction, reason: string): Promise<RemoteRelease> {
    const body = { reason } satisfies BodyOf<'releaseAction'>;
    return unwrap(
      (
        await http.post<Envelope<ValueOf<'releaseAction'>>>(
          `/admin/releases/${seg(remote)}/${seg(action)}`,
          body,
        )
      ).data,
    );
  },
};

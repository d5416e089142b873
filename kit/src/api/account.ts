// The signed-in person's account: profile, e-mail, password, sessions, picture (spec point 7).
import type { Envelope } from '@skynet/contract';
import { http, session, sessionCalls, unwrap } from '@skynet/shared';
import { messageOf, seg } from './call-helpers';
import type { AnswerOf, BodyOf, ValueOf } from './types';

/** One of your sessions (sign-ins), as GET /user/sessions answers it. */
export type SessionInfo = ValueOf<'sessions'>[number];

export const accountApi = {
  currentUser: (): Promise<ValueOf<'currentUser'>> => sessionCalls.currentUser(),
  /**
   * The API retires every older token when the password changes and answers a fresh one in `value`: the session
   * keeps it and reopens the live socket with it, so the person stays signed in.
   */
  async changePassword(password: string, newpassword: string, confirmpassword: string): Promise<string> {
    const response = await http.patch<AnswerOf<'changePassword'>>('/user/changepassword', {
      password,
      newpassword,
      confirmpassword,
    } satisfies BodyOf<'changePassword'>);
    const fresh = (response.data as { value?: unknown }).value;
    if (typeof fresh === 'string' && fresh) session.replaceToken(fresh);
    return messageOf(response);
  },
  async changeUsername(newUsername: string): Promise<string> {
    return messageOf(
      await http.patch('/user/changeUsername', { newUsername } satisfies BodyOf<'changeUsername'>),
    );
  },
  /** Asks for the change (the current password proves it is you); it takes effect through the mailed link. */
  async changeEmail(
    currEmail: string,
    newEmail: string,
    confirmEmail: string,
    password?: string,
  ): Promise<string> {
    return messageOf(
      await http.patch('/user/changeEmail', {
        currEmail,
        newEmail,
        confirmEmail,
        ...(password === undefined ? {} : { password }),
      } satisfies BodyOf<'changeEmail'>),
    );
  },
  async changeBio(newBio: string): Promise<string> {
    return messageOf(await http.patch('/user/changeBio', { newBio } satisfies BodyOf<'changeBio'>));
  },
  /** The phrase, and the current password (none for an identity-provider account, which signed in recently). */
  async deleteAccount(confirmationInput: string, password?: string): Promise<string> {
    return messageOf(
      await http.post('/user/deleteaccount/delete', {
        confirmationInput,
        ...(password === undefined ? {} : { password }),
      } satisfies BodyOf<'deleteAccount'>),
    );
  },
  /** Your live sessions, most recently used first. */
  async sessions(): Promise<SessionInfo[]> {
    return unwrap((await http.get<Envelope<ValueOf<'sessions'>>>('/user/sessions', { cache: false })).data);
  },
  /** Signs one session out (its tokens and live connections end). */
  async signOutSession(id: string): Promise<string> {
    return messageOf(await http.delete(`/user/sessions/${seg(id)}`));
  },
  /** Every session ends, this one included. */
  async signOutEverywhere(): Promise<string> {
    return messageOf(await http.delete('/user/sessions'));
  },
  /** Uploads a data URL; answers the new avatar URL. */
  async changeAvatar(avatarDataUrl: string, onProgress?: (fraction: number) => void): Promise<string> {
    const response = await http.patch<Envelope<ValueOf<'changeAvatar'>>>(
      '/user/changeavatar',
      { avatarDataUrl } satisfies BodyOf<'changeAvatar'>,
      { onUploadProgress: (event) => onProgress?.(event.total ? event.loaded / event.total : 0) },
    );
    return unwrap(response.data);
  },
};

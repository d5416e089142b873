// The calls of the signed-out screens (the shell's sign-in, sign-up, reset and e-mail link pages), in a module of
// their own: a chunk that needs none of them (the signed-in first load) carries none of them.
import type { Envelope, SignupPayload } from '@skynet/contract';
import { http, unwrap } from '@skynet/shared';
import { messageOf, seg } from './answers';
import type { AnswerOf, BodyOf, ValueOf } from './types';

export const authApi = {
  async login(email: string, password: string): Promise<string> {
    const envelope = (
      await http.post<AnswerOf<'login'>>('/user/login', { email, password } satisfies BodyOf<'login'>)
    ).data;
    if (!envelope.success || typeof envelope.value !== 'string') throw new Error('Invalid login response');
    return envelope.value;
  },
  async signup(payload: SignupPayload): Promise<string> {
    return unwrap(
      (await http.post<Envelope<ValueOf<'signup'>>>('/user/signup', payload satisfies BodyOf<'signup'>)).data,
    );
  },
  /** The identity provider's authorization address; the page navigates to it. */
  async identityProviderUrl(): Promise<string> {
    return unwrap((await http.post<Envelope<ValueOf<'identityProviderUrl'>>>('/user/oauth/google')).data);
  },
  /** Our token exchange for the `code` the provider round trip leaves in /login's query. */
  async exchangeCode(code: string): Promise<string> {
    return unwrap(
      (
        await http.post<Envelope<ValueOf<'exchangeCode'>>>('/user/oauth/token', {
          code,
        } satisfies BodyOf<'exchangeCode'>)
      ).data,
    );
  },
  async forgotPassword(email: string): Promise<void> {
    await http.post('/user/forgetpassword', { email } satisfies BodyOf<'forgotPassword'>);
  },
  async resetPassword(token: string, password: string, confirmpassword: string): Promise<void> {
    await http.patch(`/user/resetpassword/${seg(token)}`, {
      password,
      confirmpassword,
    } satisfies BodyOf<'resetPassword'>);
  },
  /** The link mailed to a new address: the account now uses it. Answers the server's message. */
  async confirmEmail(token: string): Promise<string> {
    return messageOf(await http.post('/user/email/confirm', { token } satisfies BodyOf<'confirmEmail'>));
  },
  /** The link mailed to the old address: the change is undone and every device signed out. */
  async undoEmail(token: string): Promise<string> {
    return messageOf(await http.post('/user/email/undo', { token } satisfies BodyOf<'undoEmail'>));
  },
};

// PATCH /user/changepassword. The API retires every older token when the password changes and answers a
// fresh one in `value` (api: "Older tokens stop working"); the shared accountApi.changePassword drops it,
// which would sign the person out on their next request. So this call keeps the fresh token.
import { closeSocket, http, session, writeToken } from '@skynet/shared';

export async function changePassword(
  password: string,
  newpassword: string,
  confirmpassword: string,
): Promise<string> {
  const response = await http.patch<{ message?: unknown; value?: unknown }>('/user/changepassword', {
    password,
    newpassword,
    confirmpassword,
  });
  const { message, value } = response.data;
  if (typeof value === 'string' && value) {
    writeToken(value);
    // The live socket was opened with the old token (and the server drops it): the next one uses the new.
    void closeSocket();
    void session.refreshUser();
  }
  return typeof message === 'string' ? message : 'Your password has been changed.';
}

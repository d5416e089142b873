import { accountApi } from '@skynet/kit';
import { session } from '@skynet/shared';

/** PATCH /user/changepassword: the shared call keeps the fresh token; the user is read again with it. */
export async function changePassword(
  password: string,
  newpassword: string,
  confirmpassword: string,
): Promise<string> {
  const message = await accountApi.changePassword(password, newpassword, confirmpassword);
  void session.refreshUser();
  return message;
}

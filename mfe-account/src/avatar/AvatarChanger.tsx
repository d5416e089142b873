/** Change Avatar, offered on the own profile card that mfe-feed shows (exposed as `./AvatarChanger`). */
export default function AvatarChanger() {
  return null;
}

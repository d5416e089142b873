// /confirmemail/:token: the link mailed to a new address (EmailLinkPage).
export { ConfirmEmailPage as default } from './EmailLinkPage';

// /undoemail/:token: the link mailed to the old address (EmailLinkPage).
export { UndoEmailPage as default } from './EmailLinkPage';

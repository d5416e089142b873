// The shell's own screens (the auth screens: they must work with every remote down), each a lazily loaded page. The
// only list of them: ShellApp renders it and docs/routes.md is generated from it. The remotes' routes come from the
// registry (/remotes.json), each remote's from its own src/routes.ts.
import { defineRoutes, ROUTE_PATTERNS } from '@skynet/contract';
import type { PageModule } from '@skynet/kit';

export const routes = defineRoutes<PageModule>([
  // 'signed-out': a signed-in person is sent on (to the returnTo address, else home).
  { path: ROUTE_PATTERNS.login, access: 'signed-out', page: () => import('./auth/LoginPage') },
  { path: ROUTE_PATTERNS.signup, access: 'signed-out', page: () => import('./auth/SignupPage') },
  // 'public': shown whatever the session (a reset link may be opened while signed in).
  { path: ROUTE_PATTERNS.forgotPassword, access: 'public', page: () => import('./auth/ForgotPasswordPage') },
  { path: ROUTE_PATTERNS.resetPassword, access: 'public', page: () => import('./auth/ResetPasswordPage') },
  // The links an e-mail change mails to the new address (confirm) and the old one (undo): whatever the session.
  { path: ROUTE_PATTERNS.confirmEmail, access: 'public', page: () => import('./auth/ConfirmEmailPage') },
  { path: ROUTE_PATTERNS.undoEmail, access: 'public', page: () => import('./auth/UndoEmailPage') },
]);

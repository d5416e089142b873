// The shell's own screens (the auth screens: they must work with every remote down), each a lazily loaded page. The
// only list of them: ShellApp renders it and docs/routes.md is generated from it. The remotes' routes come from the
// registry (/remotes.json), each remote's from its own src/routes.ts.
import {
  CONFIRM_EMAIL_ROUTE,
  defineRoutes,
  FORGOT_PASSWORD_ROUTE,
  LOGIN_ROUTE,
  RESET_PASSWORD_ROUTE,
  SIGNUP_ROUTE,
  UNDO_EMAIL_ROUTE,
  VERIFY_EMAIL_ROUTE,
} from '@skynet/contract';
import type { PageModule } from '@skynet/kit';

export const routes = defineRoutes<PageModule>([
  // 'signed-out': a signed-in person is sent on (to the returnTo address, else home).
  { path: LOGIN_ROUTE, access: 'signed-out', page: () => import('./auth/LoginPage') },
  { path: SIGNUP_ROUTE, access: 'signed-out', page: () => import('./auth/SignupPage') },
  // 'public': shown whatever the session (a reset link may be opened while signed in).
  { path: FORGOT_PASSWORD_ROUTE, access: 'public', page: () => import('./auth/ForgotPasswordPage') },
  // The pages of the links we mail share one chunk (webpackChunkName "link") with the sign-in's second step (issue 32,
  // LoginPage.tsx), all rare steps: a new chunk adds its name and hash to the runtime every cold load carries, and
  // /feed's byte budget had no room for them.
  {
    path: RESET_PASSWORD_ROUTE,
    access: 'public',
    page: () => import(/* webpackChunkName: "link" */ './auth/ResetPasswordPage'),
  },
  // The link mailed at sign-up to confirm the address (issue 32): whatever the session.
  {
    path: VERIFY_EMAIL_ROUTE,
    access: 'public',
    page: () => import(/* webpackChunkName: "link" */ './auth/VerifyEmailPage'),
  },
  // The links an e-mail change mails to the new address (confirm) and the old one (undo): whatever the session.
  { path: CONFIRM_EMAIL_ROUTE, access: 'public', page: () => import('./auth/ConfirmEmailPage') },
  { path: UNDO_EMAIL_ROUTE, access: 'public', page: () => import('./auth/UndoEmailPage') },
]);

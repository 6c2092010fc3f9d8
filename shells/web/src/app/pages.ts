import { lazy } from 'react';

/**
 * The shell's own pages that load with their first visit: their forms and schemas stay out of
 * what `/` loads. Each loads at most once per tab (the bundler's module cache).
 */
const pageLoaders = {
  '/login': () => import('../pages/Login'),
  '/register': () => import('../pages/Register'),
  '/forgot-password': () => import('../pages/ForgotPassword'),
};

export type PreloadablePath = keyof typeof pageLoaders;

export const Login = lazy(pageLoaders['/login']);
export const Register = lazy(pageLoaders['/register']);
export const ForgotPassword = lazy(pageLoaders['/forgot-password']);
export const ResetPassword = lazy(() => import('../pages/ResetPassword'));
export const ConfirmEmail = lazy(() => import('../pages/ConfirmEmail'));
export const Account = lazy(() => import('../pages/Account'));
export const MyData = lazy(() => import('../pages/MyData'));
export const NotFound = lazy(() => import('../pages/NotFound'));

/**
 * Loads a page's code ahead of the click (a pointer or the focus on its link). A page whose
 * code has run shows on the click itself. One that has not suspends, and React shows what it
 * held back no sooner than 300 ms after the spinner (its throttle of retries), however fast the
 * code came (bench/README.md, the `areas` case). A failure is left to the visit, which loads
 * again and shows its own error.
 */
export function preloadPage(path: PreloadablePath) {
  pageLoaders[path]().catch(() => undefined);
}

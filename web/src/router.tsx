import { Suspense, useEffect, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { appName, documentTitle, screen } from './app/screens';
import { Shell } from './app/Shell';

const SignInPage = screen(() => import('./auth/SignInPage'));
const SignOutPage = screen(() => import('./auth/SignOutPage'));
const AuthErrorPage = screen(() => import('./auth/AuthErrorPage'));

/** Names the tab after a page that stands alone; on leaving, the app's name comes back. */
function Titled({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = documentTitle(title);
    return () => {
      document.title = appName;
    };
  }, [title]);
  return children;
}

/** The sign-in pages stand alone; every other path is a screen of the app shell. */
export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Switch>
        <Route path="/auth/signin">
          <Titled title="Sign in">
            <SignInPage />
          </Titled>
        </Route>
        <Route path="/auth/signout">
          <Titled title="Sign out">
            <SignOutPage />
          </Titled>
        </Route>
        <Route path="/auth/error">
          <Titled title="Sign-in problem">
            <AuthErrorPage />
          </Titled>
        </Route>
        <Route>
          <Shell />
        </Route>
      </Switch>
    </Suspense>
  );
}

import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { screen } from './app/screens';
import { Shell } from './app/Shell';

const SignInPage = screen(() => import('./auth/SignInPage'));
const SignOutPage = screen(() => import('./auth/SignOutPage'));
const AuthErrorPage = screen(() => import('./auth/AuthErrorPage'));

/** The sign-in pages stand alone; every other path is a screen of the app shell. */
export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Switch>
        <Route path="/auth/signin" component={SignInPage} />
        <Route path="/auth/signout" component={SignOutPage} />
        <Route path="/auth/error" component={AuthErrorPage} />
        <Route>
          <Shell />
        </Route>
      </Switch>
    </Suspense>
  );
}

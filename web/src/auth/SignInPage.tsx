import { useQuery } from '@apollo/client/react';
import { Redirect, useSearchParams } from 'wouter';
import { graphql } from '../__generated__';
import { AuthLayout, safeReturnTo } from './AuthLayout';

export const SignInQuery = graphql(`
  query SignIn {
    me {
      id
    }
    upstream {
      provider
      name
    }
  }
`);

/** Sign in: one button that goes to the music service's own sign-in and comes back. */
export default function SignInPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const { data } = useQuery(SignInQuery, { errorPolicy: 'all' });
  if (data?.me) return <Redirect to={returnTo} replace />;
  const service = data?.upstream.name ?? 'your music service';
  return (
    <AuthLayout title="Sign in to Graphonic">
      <p className="text-neutral-300">
        Graphonic plays the music of your {data?.upstream.provider === 'SPOTIFY' ? 'Spotify' : 'music'} account. You
        sign in on {service}&rsquo;s own page; Graphonic never sees your password.
      </p>
      <a
        href={`/auth/login?returnTo=${encodeURIComponent(returnTo)}`}
        className="block rounded-full bg-accent px-6 py-3 text-lg font-bold text-black transition hover:scale-105"
      >
        Continue with {service}
      </a>
    </AuthLayout>
  );
}

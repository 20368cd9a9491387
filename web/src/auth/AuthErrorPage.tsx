import { Link, useSearchParams } from 'wouter';
import { AuthLayout } from './AuthLayout';

/** Every code the sign-in can end with, explained. */
export const signInErrors: Record<string, { title: string; explanation: string }> = {
  access_denied: {
    title: 'You did not allow Graphonic in',
    explanation:
      'You chose not to let Graphonic use your music account, so you are not signed in. You can try again whenever you like.',
  },
  state_mismatch: {
    title: 'That sign-in link had expired',
    explanation:
      'The sign-in came back to a different or older attempt than the one this browser started, so it was refused to keep your account safe. Start again from the sign-in button.',
  },
  sign_in_failed: {
    title: 'Sign-in did not work',
    explanation:
      'Your music service did not complete the sign-in. It may be busy or unreachable. Wait a moment and try again.',
  },
  session_expired: {
    title: 'Your sign-in has ended',
    explanation:
      'You were signed out, perhaps because you signed out elsewhere or it has been a long time. Sign in again to continue.',
  },
};

const unknownError = {
  title: 'Sign-in did not work',
  explanation: 'Something went wrong while signing you in. Try again.',
};

/** Where a failed sign-in lands: what happened, in plain words, and the way back. */
export default function AuthErrorPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const { title, explanation } = signInErrors[code] ?? unknownError;
  return (
    <AuthLayout title={title}>
      <p className="text-neutral-300">{explanation}</p>
      <div className="flex flex-col gap-3">
        <Link
          to="/auth/signin"
          className="rounded-full bg-accent px-6 py-3 font-bold text-black transition hover:scale-105"
        >
          Try signing in again
        </Link>
        <Link to="/" className="font-semibold text-neutral-300 hover:text-white">
          Back to the start
        </Link>
      </div>
      {code && <p className="text-xs text-neutral-500">Error code: {code}</p>}
    </AuthLayout>
  );
}

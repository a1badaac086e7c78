import type { Invitation, User } from '@cw/contract';
import { useQueryClient } from '@tanstack/react-query';
import { FolderOpen, LinkIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { HomeLink } from '../../../components/logo';
import { RoleBadge } from '../../../components/role-badge';
import { PageSpinner, Spinner } from '../../../components/spinner';
import { ApiRequestError, setSessionExpiredHandler } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/api/current-user';
import { isNotFound } from '../../../lib/collection-access';
import { formatDate } from '../../../lib/format';
import { loginPathReturningTo, registerPathReturningTo } from '../../../lib/return-to';
import { hasStoredSession } from '../../../lib/session-hint';
import { clearTokens } from '../../../lib/token-storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAcceptInvitation, useInvitation, useSignedInUser } from '../api/invitation';

const ROLE_TEXT = {
  editor: 'As an editor you can read it, and add and change its notes and content.',
  viewer: 'As a viewer you can read its notes, content and files.',
} as const;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** "This invitation was sent to …": what a person signed in with another address is told. */
function wrongAccountText(email: string) {
  return `This invitation was sent to ${email}. Sign in with that address to accept it.`;
}

/**
 * /invitations/{token} (docs/product.md, "Sharing a collection: co-creators"): who invites to which
 * collection, with which role. Signed out: Log in or Sign up, both coming back here afterwards.
 * Signed in: Accept invitation, then the collection. A link that is unknown, used, revoked or
 * expired says it is no longer valid.
 */
export function InvitationPage() {
  useDocumentTitle('Invitation');
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const [signedIn, setSignedIn] = useState(hasStoredSession);
  const me = useSignedInUser(signedIn);
  const queryClient = useQueryClient();

  // A session that dies here (its refresh refused) leaves the person on this page, signed out.
  useEffect(() => {
    setSessionExpiredHandler(() => {
      queryClient.removeQueries({ queryKey: currentUserQueryKey });
      setSignedIn(false);
    });
    return () => setSessionExpiredHandler(() => window.location.replace('/login'));
  }, [queryClient]);

  const session = signedIn && !me.isError ? me : null;

  let body: ReactNode;
  if (invitation.isPending) {
    body = <PageSpinner label="Loading..." />;
  } else if (invitation.isError) {
    body = isNotFound(invitation.error) ? (
      <NoLongerValid signedIn={session !== null} />
    ) : (
      <div className="text-center">
        <h1 className="text-xl font-bold text-slate-900">Invitation</h1>
        <p role="alert" className="mt-3 text-sm text-red-600">
          Could not load this invitation. Please try again.
        </p>
        <Button className="mt-5" variant="secondary" onClick={() => void invitation.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    body = (
      <Offer
        token={token}
        invitation={invitation.data}
        user={session ? (session.data ?? null) : undefined}
        onSignOut={() => {
          clearTokens();
          queryClient.removeQueries({ queryKey: currentUserQueryKey });
          setSignedIn(false);
        }}
      />
    );
  }

  return (
    <div className="flex min-h-screen flex-col bg-slate-50 px-4 py-6 sm:px-8">
      <HomeLink className="self-start" />
      <main className="flex flex-1 items-center justify-center py-10">
        <div className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          {body}
        </div>
      </main>
    </div>
  );
}

function NoLongerValid({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="text-center">
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <LinkIcon className="size-6" aria-hidden="true" />
      </div>
      <h1 className="text-xl font-bold text-slate-900">This invitation link is no longer valid</h1>
      <p className="mt-2 text-sm text-slate-600">
        It has been used, revoked, or it expired. Ask the person who invited you to send a new one.
      </p>
      <div className="mt-6">
        {signedIn ? (
          <ButtonLink to="/collections" variant="secondary">
            Go to your collections
          </ButtonLink>
        ) : (
          <ButtonLink to="/" variant="secondary">
            Go to the home page
          </ButtonLink>
        )}
      </div>
    </div>
  );
}

/**
 * The invitation itself, and what the person can do: `user` is the signed-in person, null while
 * they load, undefined when nobody is signed in.
 */
function Offer({
  token,
  invitation,
  user,
  onSignOut,
}: {
  token: string;
  invitation: Invitation;
  user: User | null | undefined;
  onSignOut: () => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const accept = useAcceptInvitation(token);
  const [problem, setProblem] = useState<{ text: string; wrongAccount: boolean } | null>(null);
  const [gone, setGone] = useState(false);
  const wrongAccount = user ? !sameAddress(user.email, invitation.email) : false;

  if (gone) return <NoLongerValid signedIn={user !== undefined} />;

  function onAccept() {
    setProblem(null);
    accept.mutate(undefined, {
      onSuccess: (collection) => void navigate(`/collections/${collection.id}`, { replace: true }),
      onError: (error) => {
        if (isNotFound(error)) setGone(true);
        else if (error instanceof ApiRequestError && error.status === 403) {
          setProblem({ text: wrongAccountText(invitation.email), wrongAccount: true });
        } else if (!(error instanceof ApiRequestError && error.status === 401)) {
          setProblem({
            text: 'Failed to accept the invitation. Please try again.',
            wrongAccount: false,
          });
        }
      },
    });
  }

  return (
    <div>
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
        <FolderOpen className="size-6" aria-hidden="true" />
      </div>
      <p className="text-sm font-semibold text-indigo-600">Invitation to collaborate</p>
      <h1 className="mt-1 text-xl font-bold [overflow-wrap:anywhere] text-slate-900 sm:text-2xl">
        {invitation.invited_by} invited you to {invitation.collection.name}
      </h1>
      <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <RoleBadge role={invitation.role} />
        <span>{ROLE_TEXT[invitation.role]}</span>
      </p>
      <dl className="mt-5 grid grid-cols-1 gap-x-4 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-1">
        <dt className="text-slate-500">Sent to</dt>
        <dd className="mb-2 [overflow-wrap:anywhere] text-slate-900 sm:mb-0">{invitation.email}</dd>
        <dt className="text-slate-500">Valid until</dt>
        <dd className="text-slate-900">{formatDate(invitation.expires_on)}</dd>
      </dl>

      <div className="mt-6 border-t border-slate-100 pt-6">
        {user === undefined ? (
          <>
            <p className="text-sm text-slate-700">
              Log in or sign up with {invitation.email} to accept it.
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <ButtonLink to={loginPathReturningTo(here)}>Log in</ButtonLink>
              <ButtonLink to={registerPathReturningTo(here)} variant="secondary">
                Sign up
              </ButtonLink>
            </div>
          </>
        ) : user === null ? (
          <Spinner label="Loading..." size="sm" />
        ) : wrongAccount ? (
          <>
            <FormMessage tone="error">{wrongAccountText(invitation.email)}</FormMessage>
            <p className="mt-3 text-sm text-slate-600">You are signed in as {user.email}.</p>
            <Button className="mt-4" variant="secondary" onClick={onSignOut}>
              Use another account
            </Button>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-600">Signed in as {user.email}.</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Button loading={accept.isPending} onClick={onAccept}>
                {accept.isPending ? 'Accepting...' : 'Accept invitation'}
              </Button>
              <ButtonLink to="/collections" variant="secondary">
                Not now
              </ButtonLink>
            </div>
            {problem && (
              <FormMessage tone="error" className="mt-4">
                {problem.text}
              </FormMessage>
            )}
            {problem?.wrongAccount && (
              <Button className="mt-3" variant="link" size="sm" onClick={onSignOut}>
                Use another account
              </Button>
            )}
          </>
        )}
      </div>
    </div>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleX, Clock, MailCheck, Users } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useToast } from '../../../components/toast/use-toast';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSession } from '../../../hooks/use-session';
import { errorMessage } from '../../../lib/api-client';
import { setClientId } from '../../../lib/client-scope';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { fetchWorkspaceClients, workspaceKeys } from '../../../lib/workspaces-api';
import { useUiState } from '../../../stores/ui-state';
import { acceptInvitation, fetchPreview, previewKey } from '../api/invite-api';
import { inviteProblem, type InviteProblem } from '../lib/invite-state';

const ROLE_WORDS = { owner: 'an owner', admin: 'an admin', member: 'a member', client: 'a client (read-only)' } as const;

function Shell({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-primary-50 to-white px-4 py-12">
      <div className="w-full max-w-md">
        <Link to="/" aria-label="Citable home" className="mx-auto mb-8 flex w-fit rounded-md">
          <Logo />
        </Link>
        <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8" data-testid="invite-page">
          {children}
        </div>
      </div>
    </main>
  );
}

/**
 * `/invite?token=` (issue #11): what the invitation offers, then sign in or sign up with the
 * invited address and accept. The token is kept while the visitor signs up (e-mail confirmation
 * included), so the app brings them back here once signed in.
 */
export function InvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  useDocumentTitle('Workspace invitation | Citable');
  const session = useSession();
  const { openAuth } = useUiState();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();

  const preview = useQuery({ queryKey: previewKey(token), queryFn: ({ signal }) => fetchPreview(token, signal), enabled: token !== '', retry: false });

  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async (workspace) => {
      writeStorage(STORAGE_KEYS.pendingInvite, null);
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.list });
      // Land on the workspace's first visible client, so a client-role member sees their shared data at once.
      const clients = await fetchWorkspaceClients(workspace.id).catch(() => []);
      const first = [...clients].sort((a, b) => a.name.localeCompare(b.name))[0];
      setClientId(first?.id ?? null);
      toast.show({ type: 'success', title: `Welcome to ${workspace.name}`, message: first ? `You are viewing ${first.name}. Switch clients at the top of the dashboard.` : 'You joined the workspace.' });
      navigate('/dashboard?section=clients');
    },
  });

  // A link that can no longer be used is forgotten, so signing in later does not come back here.
  const signedInEmail = session.data?.email.toLowerCase();
  const wrongAccount = Boolean(signedInEmail && preview.data && preview.data.email.toLowerCase() !== signedInEmail);
  const finished = token === '' || preview.isError || wrongAccount;
  useEffect(() => {
    if (finished && readStorage(STORAGE_KEYS.pendingInvite) === token) writeStorage(STORAGE_KEYS.pendingInvite, null);
  }, [finished, token]);

  if (token === '' || preview.isError) {
    const problem: InviteProblem =
      token === '' ? { kind: 'invalid', title: 'Link not valid', message: 'The link has no invitation in it. Open the whole link from the e-mail again.' } : inviteProblem(preview.error);
    const Icon = problem.kind === 'expired' ? Clock : CircleX;
    return (
      <Shell>
        <div className="space-y-4 text-center" data-testid={`invite-${problem.kind}`}>
          <Icon aria-hidden="true" className="mx-auto size-10 text-slate-400" />
          <h1 className="text-xl font-bold text-slate-900">{problem.title}</h1>
          <p className="text-sm text-slate-700">{problem.message}</p>
          {problem.kind === 'failed' ? (
            <Button variant="outline" onClick={() => void preview.refetch()}>
              Try again
            </Button>
          ) : (
            <p className="text-sm text-slate-600">Ask the person who invited you to send a new invitation.</p>
          )}
          {session.data ? (
            <Link to="/dashboard" className={buttonClasses('outline', 'md')}>
              Go to your dashboard
            </Link>
          ) : (
            <Link to="/" className={buttonClasses('ghost', 'md')}>
              Go to the home page
            </Link>
          )}
        </div>
      </Shell>
    );
  }

  if (preview.isPending || session.isPending) {
    return (
      <Shell>
        <div className="flex flex-col items-center gap-3 py-6" role="status">
          <Spinner className="size-6" />
          <p className="text-sm text-slate-600">Loading the invitation…</p>
        </div>
      </Shell>
    );
  }

  const invitation = preview.data;
  const user = session.data;
  const sameEmail = user ? user.email.toLowerCase() === invitation.email.toLowerCase() : false;

  const startAuth = (mode: 'signin' | 'signup') => {
    writeStorage(STORAGE_KEYS.pendingInvite, token);
    writeStorage(STORAGE_KEYS.lastEmail, invitation.email);
    openAuth(mode, { notice: `Use ${invitation.email}, the address the invitation was sent to.`, lockedEmail: invitation.email });
  };

  return (
    <Shell>
      <div className="space-y-5">
        <div className="flex items-center gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-100 text-primary-700">
            <Users aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="text-sm text-slate-600">You are invited to</p>
            <h1 className="truncate text-xl font-bold text-slate-900" data-testid="invite-workspace">
              {invitation.workspaceName}
            </h1>
          </div>
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-lg bg-slate-50 px-4 py-3 text-sm">
          <dt className="text-slate-500">Invited by</dt>
          <dd className="truncate font-medium text-slate-900">{invitation.inviterName}</dd>
          <dt className="text-slate-500">Role</dt>
          <dd className="font-medium text-slate-900" data-testid="invite-role">
            {ROLE_WORDS[invitation.role]}
          </dd>
          <dt className="text-slate-500">For</dt>
          <dd className="truncate font-medium text-slate-900">{invitation.email}</dd>
          <dt className="text-slate-500">Expires</dt>
          <dd className="font-medium text-slate-900">{new Date(invitation.expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
        </dl>

        {!user ? (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">
              Sign in or create an account with <strong>{invitation.email}</strong> to accept. New accounts confirm their e-mail first; you come back here after signing in.
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              <Button onClick={() => startAuth('signup')} data-testid="invite-sign-up">
                Create account
              </Button>
              <Button variant="outline" onClick={() => startAuth('signin')} data-testid="invite-sign-in">
                Sign in
              </Button>
            </div>
          </div>
        ) : !sameEmail ? (
          <Alert tone="error" testId="invite-wrong-account">
            You are signed in as {user.email}, but this invitation was sent to {invitation.email}. Sign out, then open the link again and sign in with {invitation.email}.
          </Alert>
        ) : (
          <div className="space-y-3">
            {accept.isError ? <Alert tone="error">{errorMessage(accept.error)}</Alert> : null}
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <MailCheck aria-hidden="true" className="size-4 text-emerald-700" /> Signed in as {user.email}.
            </p>
            <Button className="w-full" onClick={() => accept.mutate()} disabled={accept.isPending || accept.isSuccess} data-testid="invite-accept">
              {accept.isPending ? (
                <>
                  <Spinner className="size-4" /> Joining…
                </>
              ) : (
                `Join ${invitation.workspaceName}`
              )}
            </Button>
          </div>
        )}
      </div>
    </Shell>
  );
}

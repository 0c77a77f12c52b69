import type { TokenPair } from '@durak/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { afterSignInPath } from '../../routes/paths';
import { toApiFailure, type ApiErrorCode } from '../../net/api-error';
import { saveSession } from '../../net/session';
import { signIn } from '../../state/session-store';
import { serverProblemKey } from './validate';

/** Server errors land next to the field they name; others above the button. */
export interface SubmitProblems {
  fields: Record<string, string>;
  form: string | null;
}

/** Sends the form, stores the session and goes where the user was headed (or home). */
export function useAuthSubmit(fieldFor: (code: ApiErrorCode) => string | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [isBusy, setBusy] = useState(false);
  const [problems, setProblems] = useState<SubmitProblems>({ fields: {}, form: null });

  async function submit(call: () => Promise<TokenPair>): Promise<void> {
    setBusy(true);
    setProblems({ fields: {}, form: null });
    try {
      saveSession(await call());
      signIn(queryClient);
      navigate(afterSignInPath(location.state), { replace: true });
    } catch (error) {
      const failure = toApiFailure(error);
      const key = serverProblemKey(failure.code);
      const message = key === 'errors.unknown' || key === 'errors.invalid' ? failure.message || key : key;
      const field = failure.field ?? fieldFor(failure.code);
      setProblems(field ? { fields: { [field]: message }, form: null } : { fields: {}, form: message });
    } finally {
      setBusy(false);
    }
  }

  return { isBusy, problems, setProblems, submit };
}

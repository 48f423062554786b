import {
  confirmRequiredTotp,
  isSecondStep,
  MESSAGES,
  startRequiredTotp,
  passkeySignInOptions,
  resendSecondStepEmail,
  verifySecondStep,
  verifySecondStepPasskey,
  type LoginAnswer,
  type SecondStepBody,
} from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useSession } from '@/lib/session-store';
import { getPasskey, isPasskeyCancelled, passkeyErrorMessage } from '@/lib/webauthn';

/** Sends the second step's code; signed in when the server says so (else the next step: the set-up). */
export const useVerifySecondStep = () => {
  const setUser = useSession((state) => state.setUser);
  return useMutation({
    mutationFn: async (body: SecondStepBody): Promise<LoginAnswer> => {
      const answer = await api(verifySecondStep, { body }, { fallbackError: MESSAGES.loginFailed });
      if (!isSecondStep(answer)) setUser(answer);
      return answer;
    },
  });
};

/** Answers the second step with a passkey of the same account: the browser asks for it, the server checks it. */
export const usePasskeySecondStep = () => {
  const setUser = useSession((state) => state.setUser);
  return useMutation({
    mutationFn: async (): Promise<LoginAnswer> => {
      const options = await api(passkeySignInOptions);
      const response = await getPasskey(options, false);
      const answer = await api(
        verifySecondStepPasskey,
        { body: { response } },
        { fallbackError: MESSAGES.loginFailed },
      );
      if (!isSecondStep(answer)) setUser(answer);
      return answer;
    },
  });
};

/** What to tell the member of a failed passkey step; null when they closed the browser's dialog. */
export const passkeyStepFailure = (error: unknown): string | null =>
  isPasskeyCancelled(error) ? null : passkeyErrorMessage(error, MESSAGES.loginFailed);

/** The authenticator app the community requires: its secret and QR code. */
export const useStartRequiredTotp = () => useMutation({ mutationFn: () => api(startRequiredTotp, {}) });

/** Confirms the required app; the session opens once the member has seen the backup codes. */
export const useConfirmRequiredTotp = () =>
  useMutation({ mutationFn: (code: string) => api(confirmRequiredTotp, { body: { code } }) });

/** «Reenviar código»: a new emailed code for this sign-in (the server allows one a minute). */
export const useResendEmailCode = () =>
  useMutation({ mutationFn: () => api(resendSecondStepEmail, { body: {} }) });

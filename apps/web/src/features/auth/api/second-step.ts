import {
  confirmRequiredTotp,
  isSecondStep,
  MESSAGES,
  startRequiredTotp,
  verifySecondStep,
  type LoginAnswer,
  type SecondStepBody,
} from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useSession } from '@/lib/session-store';

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

/** The authenticator app the community requires: its secret and QR code. */
export const useStartRequiredTotp = () => useMutation({ mutationFn: () => api(startRequiredTotp, {}) });

/** Confirms the required app; the session opens once the member has seen the backup codes. */
export const useConfirmRequiredTotp = () =>
  useMutation({ mutationFn: (code: string) => api(confirmRequiredTotp, { body: { code } }) });

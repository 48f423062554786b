import { updateProfile, type ProfileBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useSession } from '@/lib/session-store';

/** Saves the member's own data; the session store (the owner of the signed-in user) takes the answer. */
export const useUpdateProfile = () => {
  const setUser = useSession((state) => state.setUser);
  return useMutation({
    mutationFn: (body: ProfileBody) => api(updateProfile, { body }),
    onSuccess: ({ pending_email: _pending, ...updated }) => setUser(updated),
  });
};

import { startTotp } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** A new authenticator secret and its QR code (nothing changes until the first code confirms it). */
export const useStartTotp = () => useMutation({ mutationFn: () => api(startTotp, {}) });

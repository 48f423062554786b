import { NewPasswordForm, type PaymentClaim } from '@app/contracts';
import { Alert, Button, Container, Fieldset, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { CenteredLoader } from '@/components/centered-loader';
import { NewPasswordFields } from '@/components/new-password-fields';
import { SubmitButton } from '@/components/form-parts';
import { markServerField } from '@/lib/form-errors';
import { errorMessage } from '@/lib/query-client';
import { useSession } from '@/lib/session-store';
import { usePaymentClaim } from './api/check-payment-claim';
import { useClaimPayment } from './api/claim-payment';

const TITLE = 'Vincular tu pago';

function Card({ children }: { children: ReactNode }) {
  return (
    <Container size={460} py="xl">
      <Paper withBorder shadow="md" radius="md" p="xl">
        <Stack gap="md">
          <Title order={1} ta="center">
            {TITLE}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

function Done({ plan, signIn }: { plan: string; signIn: boolean }) {
  return (
    <Stack gap="md" align="center" ta="center">
      <IconCircleCheck size={48} aria-hidden="true" color="var(--mantine-color-teal-5)" />
      <Text role="status">
        Tu pago está vinculado: tu cuenta ya tiene el plan <strong>{plan}</strong>.
      </Text>
      <Button component={Link} to={signIn ? '/login' : '/dashboard'} fullWidth>
        {signIn ? 'Ir a iniciar sesión' : 'Ir al inicio'}
      </Button>
    </Stack>
  );
}

/** The owner is signed in (or must sign in first) to attach the payment to an account that has a password. */
function SignedInClaim({ token, claim }: { token: string; claim: PaymentClaim }) {
  const location = useLocation();
  const signedIn = useSession((state) => state.isAuthenticated);
  const attach = useClaimPayment();
  if (attach.data) return <Done plan={attach.data.plan} signIn={false} />;
  if (!signedIn) {
    return (
      <>
        <Text>
          Inicia sesión con la cuenta <strong>{claim.username}</strong> y vuelve a este enlace para vincular
          tu pago del plan <strong>{claim.plan}</strong>.
        </Text>
        <Button component={Link} to="/login" state={{ from: location }} fullWidth>
          Iniciar Sesión
        </Button>
      </>
    );
  }
  return (
    <>
      <Text>
        Vas a vincular el pago del plan <strong>{claim.plan}</strong> a la cuenta{' '}
        <strong>{claim.username}</strong>.
      </Text>
      {attach.error && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />}>
          {errorMessage(attach.error, 'No se pudo vincular el pago')}
        </Alert>
      )}
      <Button loading={attach.isPending} onClick={() => attach.mutate({ token })} fullWidth>
        Vincular el pago a mi cuenta
      </Button>
    </>
  );
}

/** An account without a password, or never activated: following the link and choosing the password proves it. */
function PasswordClaim({ token, claim }: { token: string; claim: PaymentClaim }) {
  const attach = useClaimPayment();
  const form = useForm<NewPasswordForm>({
    initialValues: { password: '', confirmPassword: '' },
    validate: zod4Resolver(NewPasswordForm, { errorPriority: 'first' }),
  });
  if (attach.data) return <Done plan={attach.data.plan} signIn />;
  const submit = ({ password }: NewPasswordForm) =>
    attach.mutate({ token, password }, { onError: (error) => markServerField(form, error) });
  return (
    <>
      <Text>
        Elige la contraseña de la cuenta <strong>{claim.username}</strong> para vincularle tu pago del plan{' '}
        <strong>{claim.plan}</strong>. Se cerrarán las sesiones abiertas de esa cuenta.
      </Text>
      {attach.error && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />}>
          {errorMessage(attach.error, 'No se pudo vincular el pago')}
        </Alert>
      )}
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Fieldset variant="unstyled" disabled={attach.isPending} p={0} m={0}>
          <Stack gap="md">
            <NewPasswordFields form={form} />
            <SubmitButton busy={attach.isPending} busyLabel="Guardando...">
              Vincular el pago
            </SubmitButton>
          </Stack>
        </Fieldset>
      </form>
    </>
  );
}

function Claim({ token }: { token: string }) {
  const claim = usePaymentClaim(token);
  if (claim.isPending) return <CenteredLoader label="Comprobando el enlace..." />;
  if (claim.error) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} title="Enlace no válido">
        {errorMessage(claim.error, 'No se pudo comprobar el enlace')}
      </Alert>
    );
  }
  return claim.data.way === 'password' ? (
    <PasswordClaim token={token} claim={claim.data} />
  ) : (
    <SignedInClaim token={token} claim={claim.data} />
  );
}

/** /planes/vincular?token=...: where the emailed link of a visitor's payment made with an account's email leads. */
export function ClaimPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return <Card>{token ? <Claim key={token} token={token} /> : <Text>Este enlace no es válido.</Text>}</Card>;
}

import {
  EMAIL_CODE_MINUTES,
  EMAIL_CODE_RESEND_SECONDS,
  isSecondStep,
  TWO_FACTOR_MESSAGES,
  type SecondStep,
  type SessionUser,
  type TotpSetup,
} from '@app/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type FormEvent } from 'react';
import { BackupCodes } from '@/components/backup-codes';
import { TotpSetupFields } from '@/components/totp-setup-fields';
import { notifyDone, notifyFailed } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { useSession } from '@/lib/session-store';
import {
  passkeyStepFailure,
  useConfirmRequiredTotp,
  useResendEmailCode,
  usePasskeySecondStep,
  useStartRequiredTotp,
  useVerifySecondStep,
} from './api/second-step';

type Step = SecondStep['second_step'];
type Method = 'totp' | 'backup' | 'email';

const welcome = () => notifications.show({ color: 'teal', message: '¡Bienvenido!' });

/** Seconds left until `until` (a time in ms), ticking once a second; 0 once it has passed. */
function useSecondsLeft(until: number): number {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => {
      const now = left();
      setSeconds(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads only `until`
  }, [until]);
  return seconds;
}

/**
 * «Reenviar código» under the emailed code, counting down the minute the server makes a new code wait (as
 * Google's and GitHub's sign-in do); a new code replaces the old one.
 */
function ResendEmailCode({ onResent }: { onResent: () => void }) {
  const resend = useResendEmailCode();
  const [until, setUntil] = useState(() => Date.now() + EMAIL_CODE_RESEND_SECONDS * 1000);
  const seconds = useSecondsLeft(until);
  return (
    <Button
      variant="subtle"
      size="sm"
      fullWidth
      disabled={seconds > 0}
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: () => {
            notifyDone(TWO_FACTOR_MESSAGES.codeResent);
            setUntil(Date.now() + EMAIL_CODE_RESEND_SECONDS * 1000);
            onResent();
          },
          onError: (error) => notifyFailed(errorMessage(error, 'No hemos podido enviarte un código nuevo.')),
        })
      }
    >
      {seconds > 0 ? `Reenviar código en ${seconds} s` : 'Reenviar código'}
    </Button>
  );
}

/** The code form of one method: the app's code, a backup code, or the emailed code. */
function CodeForm({ step, onNext }: { step: Step; onNext: (next: Step) => void }) {
  const verify = useVerifySecondStep();
  const [method, setMethod] = useState<Method>(step.factors.includes('email') ? 'email' : 'totp');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    verify.mutate(
      { method, code },
      {
        onSuccess: (answer) => {
          if (isSecondStep(answer)) onNext(answer.second_step);
          else welcome();
        },
        onError: () => setCode(''),
      },
    );
  };
  const texts = {
    email: {
      intro: `Te hemos enviado un código de 6 dígitos a ${step.email_sent_to ?? 'tu correo'} porque es la primera vez que entras desde este dispositivo. Caduca en ${EMAIL_CODE_MINUTES} minutos.`,
      label: 'Código del correo',
    },
    totp: {
      intro: 'Abre tu aplicación de autenticación y escribe el código de 6 dígitos que muestra ahora.',
      label: 'Código de la aplicación',
    },
    backup: {
      intro: 'Escribe uno de los códigos de recuperación que guardaste. Cada código sirve una sola vez.',
      label: 'Código de recuperación',
    },
  }[method];
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text>{texts.intro}</Text>
        <TextInput
          key={method}
          label={texts.label}
          name="code"
          inputMode={method === 'backup' ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        {verify.error && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(verify.error, 'No hemos podido comprobar el código. Inténtalo de nuevo.')}
          </Alert>
        )}
        <Button type="submit" fullWidth loading={verify.isPending} disabled={code.trim() === ''}>
          Verificar
        </Button>
        {method === 'email' && (
          <ResendEmailCode
            onResent={() => {
              setCode('');
              verify.reset();
            }}
          />
        )}
        {step.factors.includes('backup') && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setMethod(method === 'backup' ? 'totp' : 'backup');
              setCode('');
              verify.reset();
            }}
          >
            {method === 'backup' ? 'Usar la aplicación de autenticación' : 'Usar un código de recuperación'}
          </Anchor>
        )}
      </Stack>
    </form>
  );
}

/** «Usar una llave de acceso»: the account's passkey answers the second step instead of a code. */
function PasskeyStep({ onNext, alone }: { onNext: (next: Step) => void; alone: boolean }) {
  const passkey = usePasskeySecondStep();
  const failure = passkey.error ? passkeyStepFailure(passkey.error) : null;
  return (
    <Stack gap="sm">
      {alone && <Text>Confirma que eres tú con una de tus llaves de acceso.</Text>}
      <Button
        variant={alone ? 'filled' : 'default'}
        fullWidth
        loading={passkey.isPending}
        onClick={() =>
          passkey.mutate(undefined, {
            onSuccess: (answer) => {
              if (isSecondStep(answer)) onNext(answer.second_step);
              else welcome();
            },
          })
        }
      >
        Usar una llave de acceso
      </Button>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}

/** The set-up the community requires, before any session exists; the backup codes are shown before going in. */
function RequiredSetup({ onCodesShown }: { onCodesShown: () => void }) {
  const start = useStartRequiredTotp();
  const confirm = useConfirmRequiredTotp();
  const setUser = useSession((state) => state.setUser);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [done, setDone] = useState<{ user: SessionUser; backup_codes: string[] } | null>(null);
  const { mutate } = start;

  useEffect(() => {
    mutate(undefined, { onSuccess: setSetup });
  }, [mutate]);

  if (done) {
    return (
      <BackupCodes
        codes={done.backup_codes}
        doneLabel="Continuar"
        onDone={() => {
          setUser(done.user);
          welcome();
        }}
      />
    );
  }
  return (
    <Stack gap="md">
      <Alert color="blue" variant="light">
        Tu comunidad exige la verificación en dos pasos para tu cuenta. Configúrala ahora para continuar: te
        llevará un minuto.
      </Alert>
      {start.error && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(start.error, 'No hemos podido preparar la configuración. Vuelve a iniciar sesión.')}
        </Alert>
      )}
      {setup && (
        <TotpSetupFields
          setup={setup}
          busy={confirm.isPending}
          submitLabel="Activar y continuar"
          onSubmit={(code) =>
            confirm.mutate(code, {
              onSuccess: (answer) => {
                setDone(answer);
                onCodesShown();
              },
            })
          }
        />
      )}
      {confirm.error && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(confirm.error, 'No hemos podido comprobar el código. Inténtalo de nuevo.')}
        </Alert>
      )}
    </Stack>
  );
}

/** The second step of sign-in, in place of the password form: no session exists until it is done. */
export function SecondStepPanel({ step, onCancel }: { step: Step; onCancel: () => void }) {
  const [current, setCurrent] = useState(step);
  // Once the backup codes are shown the app is on: going back to the password would leave them unsaved.
  const [codesShown, setCodesShown] = useState(false);
  const settingUp = current.setup_required && current.factors.length === 0;
  const withCode = current.factors.some((factor) => factor !== 'passkey');
  return (
    <Stack gap="md">
      <Stack gap={4} ta="center">
        <Title order={1}>
          {settingUp ? 'Configura la verificación en dos pasos' : 'Verificación en dos pasos'}
        </Title>
        <Text c="dimmed">Protegemos tu cuenta con un segundo paso además de tu contraseña.</Text>
      </Stack>
      {settingUp && <RequiredSetup onCodesShown={() => setCodesShown(true)} />}
      {!settingUp && withCode && <CodeForm step={current} onNext={setCurrent} />}
      {!settingUp && current.factors.includes('passkey') && (
        <PasskeyStep onNext={setCurrent} alone={!withCode} />
      )}
      {!codesShown && (
        <Anchor component="button" type="button" size="sm" ta="center" onClick={onCancel}>
          Volver a iniciar sesión
        </Anchor>
      )}
    </Stack>
  );
}

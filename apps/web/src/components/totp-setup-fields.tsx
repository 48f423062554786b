import type { TotpSetup } from '@app/contracts';
import { Button, Code, Image, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

/**
 * Setting up an authenticator app: the QR code of the otpauth:// URI, the secret to type by hand, and the first
 * code that confirms it.
 */
export function TotpSetupFields({
  setup,
  busy,
  submitLabel,
  onSubmit,
}: {
  setup: TotpSetup;
  busy: boolean;
  submitLabel: string;
  onSubmit: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(code);
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Text>
          1. Escanea este código QR con tu aplicación de autenticación (Google Authenticator, Microsoft
          Authenticator, 1Password, Authy…).
        </Text>
        <Image
          src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qr_svg)}`}
          alt="Código QR para añadir la cuenta a tu aplicación de autenticación"
          w={200}
          h={200}
          bg="white"
        />
        <Text size="sm">¿No puedes escanearlo? Escribe esta clave en la aplicación:</Text>
        <Code block aria-label="Clave secreta" style={{ wordBreak: 'break-all' }}>
          {setup.secret}
        </Code>
        <TextInput
          label="2. Escribe el código de 6 dígitos que muestra la aplicación"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

import type { TotpSetup } from '@app/contracts';
import { Button, Center, Code, CopyButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

/** The secret as authenticator apps print it, in groups of four ("ABCD EFGH …"): easier to type by hand. */
const groupedSecret = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up an authenticator app: the QR code of the otpauth:// URI, the secret to type by hand (or copy), and
 * the first code that confirms it.
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
        <Center>
          <Image
            src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qr_svg)}`}
            alt="Código QR para añadir la cuenta a tu aplicación de autenticación"
            w={200}
            h={200}
            bg="white"
          />
        </Center>
        <Text size="sm">¿No puedes escanearlo? Escribe o copia esta clave en la aplicación:</Text>
        <Group gap="sm" align="center">
          {/* Wrapped between the groups of four: a narrow screen shows it all, with nothing to scroll. */}
          <Code
            block
            aria-label="Clave secreta"
            fz="md"
            style={{ flex: '1 1 14rem', whiteSpace: 'normal', wordSpacing: '0.25em' }}
          >
            {groupedSecret(setup.secret)}
          </Code>
          {/* The apps take the key without spaces. */}
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy} miw={112}>
                {copied ? 'Copiada' : 'Copiar clave'}
              </Button>
            )}
          </CopyButton>
        </Group>
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

import {
  MEMBERS_IMPORT_MAX_BYTES,
  MEMBERS_IO_MESSAGES as M,
  type MemberColumnMapping,
  type MembersImportBody,
  type MembersImportResult,
} from '@app/contracts';
import { useState } from 'react';
import { notifyDone } from '@/lib/notify';
import { useImportMembers } from './api/import-members';

export type ImportOptions = Pick<
  MembersImportBody,
  'default_role_id' | 'default_active' | 'mode' | 'send_setup_email'
> & {
  mapping: MemberColumnMapping;
};

const DEFAULT_OPTIONS: ImportOptions = { mapping: {}, default_active: true, mode: 'all' };

/** "3 miembros importados. Se enviarán 2 correos para elegir contraseña" */
const importedMessage = ({ imported, setup_emails }: MembersImportResult): string => {
  const members = `${imported} ${imported === 1 ? 'miembro importado' : 'miembros importados'}`;
  const emails =
    setup_emails === 0
      ? ''
      : `. ${setup_emails === 1 ? 'Se enviará un correo' : `Se enviarán ${setup_emails} correos`} para elegir contraseña`;
  return `${members}${emails}`;
};

/**
 * The import's steps: a chosen file is read and checked by the server (a dry run), each option that changes
 * what the rows mean checks it again, and the import sends the same file and options for real.
 */
export function useMembersImport() {
  const [opened, setOpened] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [options, setOptions] = useState<ImportOptions>(DEFAULT_OPTIONS);
  const [preview, setPreview] = useState<MembersImportResult | null>(null);
  const previewing = useImportMembers();
  const importing = useImportMembers();

  const reset = () => {
    setFile(null);
    setCsv(null);
    setFileError(null);
    setPreview(null);
    setOptions(DEFAULT_OPTIONS);
    previewing.reset();
    importing.reset();
  };
  const close = () => {
    if (importing.isPending) return;
    setOpened(false);
    reset();
  };

  const check = (text: string, next: ImportOptions) =>
    previewing.mutate({ csv: text, ...next, dry_run: true }, { onSuccess: setPreview });

  const choose = async (chosen: File | null) => {
    reset();
    setFile(chosen);
    if (!chosen) return;
    if (chosen.size > MEMBERS_IMPORT_MAX_BYTES) {
      setFileError(M.tooLarge);
      return;
    }
    const text = await chosen.text();
    setCsv(text);
    check(text, DEFAULT_OPTIONS);
  };

  const change = (patch: Partial<ImportOptions>) => {
    const next = { ...options, ...patch };
    setOptions(next);
    if (csv !== null && (patch.mapping || patch.default_role_id !== undefined || 'default_active' in patch)) {
      check(csv, next);
    }
  };

  const runImport = () => {
    if (csv === null) return;
    importing.mutate(
      { csv, ...options, dry_run: false },
      {
        onSuccess: (result) => {
          notifyDone(importedMessage(result));
          close();
        },
      },
    );
  };

  const importable = preview ? preview.new_rows : 0;
  return {
    opened,
    open: () => setOpened(true),
    close,
    file,
    fileError,
    choose,
    options,
    change,
    preview,
    previewing,
    importing,
    runImport,
    importable,
    blocked: !preview || importable === 0 || (preview.error_rows > 0 && options.mode === 'all'),
  };
}

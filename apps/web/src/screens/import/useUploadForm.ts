import type { ImportEncoding } from '@takt/contracts';
import { useState } from 'react';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { fileProblem, formatNeeds, formatOfName } from './upload-file';

/**
 * The upload form's fields: the file (checked for its format and size as it is chosen), the version's
 * name, the rule of a spreadsheet and the encoding of a text file; `problem` is what stops the upload.
 */
export function useUploadForm() {
  const t = useT();
  const { spaceId } = useSpace();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [settingId, setSettingId] = useState('');
  const [encoding, setEncoding] = useState<ImportEncoding>('auto');
  const [problem, setProblem] = useState<string | null>(null);
  const format = file ? formatOfName(file.name) : null;
  const { tabular, encoded } = formatNeeds(format);
  const settings = trpc.interchange.settings.list.useQuery({ spaceId }, { enabled: tabular });
  return {
    file,
    format,
    tabular,
    encoded,
    /** The space's upload rules, for a spreadsheet. */
    rules: settings.data ?? [],
    pick: (chosen: File | null) => {
      setFile(chosen);
      const id = chosen && fileProblem(chosen);
      setProblem(id ? t(id) : null);
    },
    name,
    setName,
    settingId,
    setSettingId,
    encoding,
    setEncoding,
    problem,
    setProblem,
  };
}

export type UploadForm = ReturnType<typeof useUploadForm>;

// Sending one file for a form field through the resource's client: the state a widget draws
// (progress, the refusal's reason) and the call itself. Shared by the image, file and avatar
// widgets and the rich-text editor, so every way in (pick, drop, paste) behaves alike.
import { useCallback, useState } from 'react';
import { isApiError } from '../../client/apiError.ts';
import type { UploadResult } from '../../contract.ts';
import type { Lang } from '../../schema/types.ts';
import { breachMessage, type UploadRules, uploadBreach } from '../../schema/uploadRules.ts';
import { useResources } from '../ResourcesContext.tsx';

export interface FieldUpload {
  /** the file on its way, with the share sent (0-100) */
  sending?: { name: string; percent: number };
  /** why the last file was refused; cleared by the next try */
  error?: string;
  /** sends the file; resolves with the stored file, or undefined when it was refused */
  send(file: File): Promise<UploadResult | undefined>;
}

/**
 * `rules` and `lang`: the field's upload rules, checked on the file's stated type and size before
 * it is sent, so a refusal is said at once (the server checks again on the sniffed content).
 */
export function useFieldUpload(
  resource: string,
  field: string,
  rules?: UploadRules,
  lang: Lang = 'zh',
): FieldUpload {
  const client = useResources().clientFor(resource);
  const [sending, setSending] = useState<FieldUpload['sending']>();
  const [error, setError] = useState<string>();
  const send = useCallback(
    async (file: File) => {
      if (!client) throw new Error(`the ResourcesProvider does not know ${resource}`);
      const breach = uploadBreach(rules, { type: file.type, size: file.size });
      if (breach) {
        setError(breachMessage(breach)[lang]);
        return undefined;
      }
      setError(undefined);
      setSending({ name: file.name, percent: 0 });
      try {
        return await client.upload(file, field, (percent) => setSending({ name: file.name, percent }));
      } catch (caught) {
        // the server names the rule the file broke on the field it was sent for
        const reason = isApiError(caught)
          ? (caught.fieldErrors?.file ?? caught.fieldErrors?.[field] ?? caught.message)
          : String(caught);
        setError(reason);
        return undefined;
      } finally {
        setSending(undefined);
      }
    },
    [client, resource, field, rules, lang],
  );
  return { sending, error, send };
}

/** The first file a paste carries (a copied file, or a screenshot), if any. */
export function pastedFile(event: { clipboardData: DataTransfer | null }): File | undefined {
  const files = event.clipboardData?.files;
  return files && files.length > 0 ? files[0] : undefined;
}

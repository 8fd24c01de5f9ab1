// Whether a field can take a file from the media library: the same upload rules an upload for
// it meets (accept, maxSize, pixel limits), read from what the library knows of the file, so a
// choice the field would refuse is shown disabled with the rule, never stored.
import type { MediaItem } from '../../contract.ts';
import type { Lang } from '../../schema/types.ts';
import { breachMessage, type UploadRules, uploadBreach } from '../../schema/uploadRules.ts';

export function mediaRefusal(rules: UploadRules | undefined, lang: Lang) {
  return (item: MediaItem): string | undefined => {
    const breach = uploadBreach(rules, {
      type: item.type,
      size: item.size,
      width: item.width ?? undefined,
      height: item.height ?? undefined,
    });
    return breach && breachMessage(breach)[lang];
  };
}

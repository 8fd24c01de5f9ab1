// The public content service hands out addresses a visitor can open. A file field, a link field
// or a link in rich text stores an upload's download call (/common/download?fileName=…, with or
// without a host or the API prefix in front), which needs a session; the public answer carries
// the attachment path instead (/api/cms/web/files/{name}), served while the row is published.
// Pictures keep their /uploads/ address: it is public already.
import { PUBLIC_FILES_PREFIX } from '../../runtime/contract.ts';

// the prefix stops at a quote, a space or a bracket, so an attribute's value is taken whole;
// the download's other parameters (delete=…) are dropped with it
const DOWNLOAD_CALL =
  /[^\s"'<>()]*?\/common\/download\?fileName=([A-Za-z0-9_-]{1,100}\.[a-z0-9]{1,8})(?:&(?:amp;)?[A-Za-z]+=[^\s"'<>&]*)*/g;

/** The text with every download call of an upload turned into its public attachment path. */
export function publicFileUrls(text: string): string {
  return text.replace(DOWNLOAD_CALL, (_, name: string) => `${PUBLIC_FILES_PREFIX}${name}`);
}

// Hands a downloaded file (an export, a download action) to the browser as a save.
import type { DownloadedFile } from '../client/resourceClient.ts';

export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // the click has started the download; the object URL is no longer needed after this turn
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
